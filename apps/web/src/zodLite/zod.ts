// The classic zod API on top of zod/mini, bundled instead of 'zod' (vite.config.ts aliases 'zod' here; issue
// 21: classic zod was ~27 KiB gzip of every first screen, this and zod/mini 12.5). @st/protocol keeps
// writing `z.string().trim().min(1).optional()`: the servers run it on classic zod, the console on this.
// Both are thin layers over zod's one core, so a schema parses the same way in either; every classic method
// below is what classic itself does (see zod/v4/classic/schemas.js). Only the factories and methods the
// protocol and the console use are here: zodLite.test.ts loads all of @st/protocol through this file and
// fails on a method that is missing. Types still come from classic zod, so nothing changes for the checker.
// One difference: zod/mini has no English messages, so an issue reads "Invalid input" (the console only
// shows issue paths and messages in its "unexpected answer" diagnostics).
import * as m from 'zod/mini';

// In a browser zod must not compile parsers with `new Function` (the console's CSP has no 'unsafe-eval'; issue
// 14). Set here, in the module every schema of the console is built through, so it holds before the first
// schema exists whichever chunk brings zod (it loads with the routed console, not at start-up; issue 21).
// @st/protocol's zodSetup.ts does the same for its own index.
if (typeof window !== 'undefined' && typeof document !== 'undefined') m.config({ jitless: true });

type Schema = m.ZodMiniType;
// biome-ignore lint/suspicious/noExplicitAny: loose inside; the classic types are re-applied on export
type Any = any;

/** Classic's chainable methods, each returning a schema that has them too. */
const methods: Record<string, (this: Schema, ...args: Any[]) => Schema> = {
  optional() {
    return lite(m.optional(this));
  },
  nullable() {
    return lite(m.nullable(this));
  },
  nullish() {
    return lite(m.nullish(this));
  },
  default(value: unknown) {
    return lite(m._default(this, value as never));
  },
  catch(value: unknown) {
    return lite(m.catch(this, value as never));
  },
  array() {
    return lite(m.array(this));
  },
  or(other: Schema) {
    return lite(m.union([this, other]));
  },
  pipe(next: Schema) {
    return lite(m.pipe(this, next));
  },
  transform(fn: (value: unknown, ctx: unknown) => unknown) {
    return lite(m.pipe(this, m.transform(fn as never)));
  },
  refine(fn: (value: unknown) => unknown, params?: Any) {
    return lite(this.check(m.refine(fn, params)));
  },
  superRefine(fn: (value: unknown, ctx: unknown) => void) {
    return lite(this.check(m.superRefine(fn as never)));
  },
  extend(shape: Record<string, Schema>) {
    return lite(m.extend(this as Any, shape));
  },
  partial() {
    return lite(m.partial(this as Any));
  },
  pick(mask: Record<string, true>) {
    return lite(m.pick(this as Any, mask));
  },
  omit(mask: Record<string, true>) {
    return lite(m.omit(this as Any, mask));
  },
  // strings and arrays have lengths; numbers have bounds (classic: ZodString.min = minLength, ZodNumber.min = gte)
  min(n: number, params?: Any) {
    return lite(this.check(isNumber(this) ? m.gte(n, params) : m.minLength(n, params)));
  },
  max(n: number, params?: Any) {
    return lite(this.check(isNumber(this) ? m.lte(n, params) : m.maxLength(n, params)));
  },
  length(n: number, params?: Any) {
    return lite(this.check(m.length(n, params)));
  },
  nonempty(params?: Any) {
    return lite(this.check(m.minLength(1, params)));
  },
  gt(n: number, params?: Any) {
    return lite(this.check(m.gt(n, params)));
  },
  gte(n: number, params?: Any) {
    return lite(this.check(m.gte(n, params)));
  },
  lt(n: number, params?: Any) {
    return lite(this.check(m.lt(n, params)));
  },
  lte(n: number, params?: Any) {
    return lite(this.check(m.lte(n, params)));
  },
  positive(params?: Any) {
    return lite(this.check(m.positive(params)));
  },
  nonnegative(params?: Any) {
    return lite(this.check(m.nonnegative(params)));
  },
  int(params?: Any) {
    return lite(this.check(m.int(params)));
  },
  trim() {
    return lite(this.check(m.trim()));
  },
  toLowerCase() {
    return lite(this.check(m.toLowerCase()));
  },
  regex(re: RegExp, params?: Any) {
    return lite(this.check(m.regex(re, params)));
  },
  startsWith(prefix: string, params?: Any) {
    return lite(this.check(m.startsWith(prefix, params)));
  },
  endsWith(suffix: string, params?: Any) {
    return lite(this.check(m.endsWith(suffix, params)));
  },
  email(params?: Any) {
    return lite(this.check(m.email(params)));
  },
  url(params?: Any) {
    return lite(this.check(m.url(params)));
  },
  datetime(params?: Any) {
    return lite(this.check(m.iso.datetime(params)));
  },
};

const isNumber = (schema: Schema) => {
  const type = schema._zod.def.type;
  return type === 'number' || type === 'bigint' || type === 'date';
};

/** Gives a zod/mini schema classic's methods. */
function lite<S extends Schema>(schema: S): S {
  return Object.assign(schema, methods);
}

const wrap =
  <A extends unknown[]>(factory: (...args: A) => Schema) =>
  (...args: A) =>
    lite(factory(...args));

const liteZ = {
  string: wrap(m.string),
  number: wrap(m.number),
  boolean: wrap(m.boolean),
  null: wrap(m.null),
  undefined: wrap(m.undefined),
  unknown: wrap(m.unknown),
  literal: wrap(m.literal),
  enum: wrap(m.enum),
  object: wrap(m.object),
  strictObject: wrap(m.strictObject),
  looseObject: wrap(m.looseObject),
  array: wrap(m.array),
  tuple: wrap(m.tuple),
  record: wrap(m.record),
  union: wrap(m.union),
  discriminatedUnion: wrap(m.discriminatedUnion),
  optional: wrap(m.optional),
  nullable: wrap(m.nullable),
  email: wrap(m.email),
  url: wrap(m.url),
  int: wrap(m.int),
  iso: { datetime: wrap(m.iso.datetime), date: wrap(m.iso.date) },
  coerce: { number: wrap(m.coerce.number), string: wrap(m.coerce.string), boolean: wrap(m.coerce.boolean) },
  config: m.config,
};

export const z = liteZ as unknown as typeof import('zod').z;
