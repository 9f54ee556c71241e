// Classic zod's API, as much of it as @st/protocol and the console use, bundled instead of 'zod' (vite.config.ts
// aliases 'zod' here; issue 21: classic zod was ~27 KiB gzip of the console, zod/mini 12; this is ~3).
// @st/protocol keeps writing `z.string().trim().min(1).optional()`: the servers run it on classic zod, the
// console on this, which parses the same way (schema.ts: classic's own algorithm, checked by zodLite.test.ts
// against classic for every schema of the protocol) and words issues with classic's English messages.
// Types still come from classic zod, so nothing changes for the checker; a factory or method not below is
// missing at runtime only, and zodLite.test.ts, which loads all of @st/protocol through this file, fails then.
// No `new Function` anywhere (the console's CSP has no 'unsafe-eval'; issue 14), so z.config is a no-op.
import {
  type Any,
  errOf,
  finalize,
  type Params,
  type Payload,
  pattern,
  prefix,
  raise,
  Schema,
  ZodError,
} from './schema';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A type checked by a test of the value alone. */
const type =
  (kind: string, ok: (v: unknown) => boolean, props?: object) =>
  (params?: Params): Schema =>
    new Schema(kind, { err: errOf(params), ...props }, function (p) {
      return ok(p.value) ? p : raise(p, this, 'invalid_type', { expected: kind });
    });

const string = type('string', (v) => typeof v === 'string');

const number = (params?: Params, coerce = false) =>
  new Schema('number', { err: errOf(params) }, function (p) {
    if (coerce)
      try {
        p.value = Number(p.value);
      } catch {}
    return Number.isFinite(p.value) ? p : raise(p, this, 'invalid_type', { expected: 'number' });
  });

const oneOf = (kind: string, values: unknown[], params?: Params, props?: object) =>
  new Schema(kind, { err: errOf(params), values: new Set(values), ...props }, function (p) {
    return this.values.has(p.value) ? p : raise(p, this, 'invalid_value', { values });
  });

/** classic's handlePropertyResult: what an object makes of one key's result (absent keys of optional schemas) */
function property(r: Payload, p: Payload, key: string, input: object, field: Schema) {
  const present = key in input;
  const optionalOut = field.optout === 'optional';
  if (!present && optionalOut && field.optin === 'optional') return;
  if (r.issues.length) {
    if (field.optin && optionalOut && !present) return;
    p.issues.push(...prefix(key, r.issues));
  }
  if (!present && !field.optin) {
    if (!r.issues.length) p.issues.push({ code: 'invalid_type', expected: 'nonoptional', path: [key] });
    return;
  }
  if (r.value !== undefined) p.value[key] = r.value;
  else if (present || (field.optin === 'defaulted' && !optionalOut)) p.value[key] = undefined;
}

/** An object keeps its shape's keys in the shape's order (and, loose, the other keys after them). */
const object = (shape: Record<string, Schema>, params?: Params, loose = false) =>
  new Schema('object', { err: errOf(params), shape: { ...shape } }, function (p) {
    const input = p.value;
    if (!isObject(input)) return raise(p, this, 'invalid_type', { expected: 'object' });
    p.value = {};
    const shape: Record<string, Schema> = this.shape;
    for (const [key, field] of Object.entries(shape))
      if (key !== '__proto__') property(field.run({ value: input[key], issues: [] }), p, key, input, field);
    if (loose)
      for (const key in input)
        if (!Object.hasOwn(shape, key) && key !== '__proto__') p.value[key] = input[key];
    return p;
  });

const unionProps = (options: Schema[], params: Params) => ({
  err: errOf(params),
  options,
  optin: options.some((o) => o.optin === 'defaulted')
    ? 'defaulted'
    : options.find((o) => o.optin) && 'optional',
  optout: options.find((o) => o.optout) && 'optional',
});

/** The first option that fits; else the issues of the only option that got past its type, else invalid_union. */
const union = (options: Schema[], params?: Params) =>
  new Schema('union', unionProps(options, params), function (p) {
    if (options.length === 1) return (options[0] as Schema).run(p);
    const results: Payload[] = [];
    for (const option of options) {
      const r = option.run({ value: p.value, issues: [] });
      if (!r.issues.length) return r;
      results.push(r);
    }
    const alive = results.filter((r) => !r.aborted && r.issues.every((i) => i.continue === true));
    if (alive.length === 1) return alive[0] as Payload;
    return raise(p, this, 'invalid_union', { errors: results.map((r) => r.issues.map(finalize)) });
  });

/** The option whose discriminator field's values hold the input's (built at the first parse, as classic does). */
function lookup(key: string, options: Schema[]) {
  const map = new Map<unknown, Schema | null>();
  options.forEach((option, i) => {
    const field: Schema | undefined = option.shape?.[key];
    if (!field?.values?.size) throw new Error(`Invalid discriminated union option at index "${i}"`);
    for (const v of field.values) {
      if (map.has(v)) throw new Error(`Duplicate discriminator value "${String(v)}"`);
      map.set(v, option);
    }
  });
  return map;
}

const discriminatedUnion = (key: string, options: Schema[], params?: Params) =>
  new Schema('union', unionProps(options, params), function (p) {
    const input = p.value;
    if (!isObject(input)) return raise(p, this, 'invalid_type', { expected: 'object' });
    this.map ??= lookup(key, options);
    const option = this.map.get(input[key]);
    if (option) return option.run(p);
    const note = 'No matching discriminator';
    return raise(p, this, 'invalid_union', { errors: [], note, options: [...this.map.keys()], path: [key] });
  });

const array = (element: Schema, params?: Params) =>
  new Schema('array', { err: errOf(params) }, function (p) {
    const input = p.value;
    if (!Array.isArray(input)) return raise(p, this, 'invalid_type', { expected: 'array' });
    // classic's capSize: an array longer than a max among the leading size checks fails that check alone
    for (const check of this.checks) {
      if (!check.sized) break;
      if (input.length > (check.max ?? Infinity)) {
        check.run(p);
        Object.assign(p.issues.at(-1) ?? {}, { continue: false, schema: this });
        return p;
      }
    }
    p.value = Array.from(input, (item, i) => {
      const r = element.run({ value: item, issues: [] });
      p.issues.push(...prefix(i, r.issues));
      return r.value;
    });
    return p;
  });

/** classic's isPlainObject: no constructor, or an Object-like one (not a Date's or a class's) */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (!isObject(v)) return false;
  const ctor = v.constructor as Any;
  return (
    typeof ctor !== 'function' || (isObject(ctor.prototype) && Object.hasOwn(ctor.prototype, 'isPrototypeOf'))
  );
}

/** Every own enumerable string key, checked by the key schema; the values as they parse (even undefined). */
const record = (keys: Schema, values: Schema, params?: Params) =>
  new Schema('record', { err: errOf(params) }, function (p) {
    const input = p.value;
    if (!isPlainObject(input)) return raise(p, this, 'invalid_type', { expected: 'record' });
    p.value = {};
    for (const key of Object.keys(input)) {
      const k = keys.run({ value: key, issues: [] });
      if (k.issues.length) raise(p, this, 'invalid_key', { origin: 'record', path: [key] });
      else if (key !== '__proto__' && k.value !== '__proto__') {
        const r = values.run({ value: input[key], issues: [] });
        p.issues.push(...prefix(key, r.issues));
        p.value[k.value] = r.value;
      }
    }
    return p;
  });

// classic's regexes (zod/v4/core/regexes.js): email, and datetime's date part
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const DATE = String.raw`(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))`;
const OFFSET = String.raw`|([+-](?:[01]\d|2[0-3]):[0-5]\d)`;

/** z.iso.datetime: seconds required, any fraction, Z or (with `offset`) ±hh:mm; no `local` or `precision`. */
const datetime = (params?: Any) => {
  const time = String.raw`(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z${params?.offset ? OFFSET : ''})`;
  return string(params).with(pattern(new RegExp(`^${DATE}T(?:${time})$`), 'datetime', params));
};

/** z.url (classic's $ZodURL without `hostname` and `normalize`): the trimmed value, tabs and newlines dropped. */
const url = (params?: Any) => {
  const protocol: RegExp | undefined = params?.protocol;
  const check = {
    err: errOf(params),
    run(p: Payload) {
      const trimmed: string = p.value.trim();
      const bad = (note?: string) =>
        raise(p, check, 'invalid_format', { format: 'url', note, continue: true });
      // classic asks http(s) URLs for their '//' (so "http:x" fails) when the protocol is its own http one
      if (protocol?.source === '^https?$' && !/^https?:\/\//i.test(trimmed)) return bad('Invalid URL format');
      let parsed: URL;
      try {
        parsed = new URL(trimmed);
      } catch {
        return bad();
      }
      if (protocol) {
        protocol.lastIndex = 0;
        if (!protocol.test(parsed.protocol.slice(0, -1))) bad('Invalid protocol');
      }
      p.value = trimmed.replace(/[\t\n\r]/g, '');
    },
  };
  return string(params).with(check);
};

const liteZ = {
  string,
  number: (params?: Params) => number(params),
  boolean: type('boolean', (v) => typeof v === 'boolean'),
  null: type('null', (v) => v === null, { values: new Set([null]) }),
  unknown: () => new Schema('unknown', {}, (p) => p),
  literal: (value: unknown, params?: Params) =>
    oneOf('literal', Array.isArray(value) ? value : [value], params),
  enum: (values: string[], params?: Params) =>
    oneOf('enum', values, params, {
      options: [...values],
      enum: Object.fromEntries(values.map((v) => [v, v])),
    }),
  object: (shape: Record<string, Schema>, params?: Params) => object(shape, params),
  looseObject: (shape: Record<string, Schema>, params?: Params) => object(shape, params, true),
  array,
  record,
  union,
  discriminatedUnion,
  email: (params?: Params) => string(params).with(pattern(EMAIL, 'email', params)),
  url,
  iso: { datetime },
  coerce: { number: (params?: Params) => number(params, true) },
  config: () => ({}),
  ZodError,
};

export const z = liteZ as unknown as typeof import('zod').z;
