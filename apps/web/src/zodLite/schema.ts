// The parse machinery behind src/zodLite/zod.ts: one Schema class whose `run` is classic zod's (zod/v4/core
// schemas.js, checks.js; version 4.6.7) for the kinds and checks @st/protocol uses. The type's own parse runs
// first, then the checks in the order written; a failed type aborts the checks, a failed check does not (its
// issue has `continue`), except that size checks (min/max on strings and arrays) also run after an implicit
// abort, and an object's refinements run when its fields failed only checks. zodLite.test.ts runs every
// schema of @st/protocol here and on classic zod and compares the results.

// biome-ignore lint/suspicious/noExplicitAny: values are unknown until parsed; zod.ts re-applies classic's types
export type Any = any;

/** An error param as classic takes it: the message, or a function of the issue returning it. */
export type Err = string | ((issue: Issue) => unknown) | undefined;
export type Params = string | { message?: string; error?: Err; path?: PropertyKey[] } | undefined;

export interface Issue {
  code: string;
  path: PropertyKey[];
  message?: string;
  /** false: stops the schema's later checks outright; true: they run; undefined: only size checks run */
  continue?: boolean;
  /** what raised it (a schema or a check; its `err` words the message) and the schema whose check it was */
  inst?: Check | Schema;
  schema?: Schema;
  [key: string]: unknown;
}
export interface Payload {
  value: Any;
  issues: Issue[];
  aborted?: boolean;
  addIssue?: (issue: string | Partial<Issue>) => void;
}
export interface Check {
  run(p: Payload): void;
  err?: Err;
  /** a size check: skipped on values without a length, not skipped by an earlier aborting issue */
  sized?: boolean;
  /** a size check's upper bound */
  max?: number;
}
type Parse = (this: Schema, p: Payload) => Payload;

export const errOf = (params: Any): Err =>
  typeof params === 'object' ? (params.message ?? params.error) : params;

export function raise(p: Payload, inst: Issue['inst'], code: string, extra?: object): Payload {
  p.issues.push({ code, path: [], input: p.value, inst, ...extra });
  return p;
}

const aborted = (p: Payload, from = 0, explicit = false) =>
  p.aborted === true ||
  p.issues.slice(from).some((i) => (explicit ? i.continue === false : i.continue !== true));

export function prefix(key: PropertyKey, issues: Issue[]): Issue[] {
  for (const issue of issues) issue.path.unshift(key);
  return issues;
}

// ---- messages: classic's English locale (zod/v4/locales/en.js) for the issues raised here

const quote = (v: unknown) => (typeof v === 'string' ? `"${v}"` : `${v}`);
function received(v: Any): string {
  if (typeof v === 'number') return Number.isFinite(v) ? 'number' : String(v);
  if (v === null || Array.isArray(v)) return v === null ? 'null' : 'array';
  const proto = typeof v === 'object' && Object.getPrototypeOf(v);
  return proto && proto !== Object.prototype && v.constructor ? v.constructor.name : typeof v;
}
const FORMATS: Record<string, string> = { email: 'email address', url: 'URL', datetime: 'ISO datetime' };
const UNITS: Record<string, string> = { string: 'characters', array: 'items' };

function english(i: Any): string {
  switch (i.code) {
    case 'invalid_type':
      return `Invalid input: expected ${i.expected}, received ${received(i.input)}`;
    case 'invalid_value':
      return i.values.length === 1
        ? `Invalid input: expected ${quote(i.values[0])}`
        : `Invalid option: expected one of ${i.values.map(quote).join('|')}`;
    case 'too_big':
    case 'too_small': {
      const big = i.code === 'too_big';
      const bound = `${big ? '<' : '>'}${i.inclusive ? '=' : ''}${big ? i.maximum : i.minimum}`;
      const unit = UNITS[i.origin];
      return `Too ${big ? 'big' : 'small'}: expected ${i.origin} to ${unit ? `have ${bound} ${unit}` : `be ${bound}`}`;
    }
    case 'invalid_format':
      return i.format === 'regex'
        ? `Invalid string: must match pattern ${i.pattern}`
        : `Invalid ${FORMATS[i.format] ?? i.format}`;
    case 'invalid_union':
      return i.options?.length
        ? `Invalid discriminator value. Expected ${i.options.map((o: unknown) => `'${o}'`).join(' | ')}`
        : 'Invalid input';
    case 'invalid_key':
      return `Invalid key in ${i.origin}`;
    default:
      return 'Invalid input';
  }
}

const text = (err: Err, issue: Issue): string | undefined => {
  const m = typeof err === 'function' ? err(issue) : err;
  return typeof m === 'string' ? m : (m as { message?: string } | undefined)?.message;
};

/** The issue as classic reports it: its message chosen as classic does (util.finalizeIssue), internals dropped. */
export function finalize(issue: Issue): Issue {
  const { inst, schema, input, continue: _, ...rest } = issue;
  const message =
    issue.message ||
    (text(inst?.err, issue) ?? (schema !== inst ? text(schema?.err, issue) : undefined) ?? english(issue));
  return { ...rest, message };
}

export class ZodError extends Error {
  override name = 'ZodError';
  constructor(readonly issues: Issue[]) {
    super(JSON.stringify(issues, null, 2));
  }
}

// ---- checks

/** Strings count code points (as classic does), only where that can differ from their UTF-16 length. */
const size = (v: Any, n: number, big: boolean): number =>
  typeof v !== 'string' || (big ? v.length <= n : v.length < n || v.length >= 2 * n)
    ? v.length
    : [...v].length;

/** min/max/gt and friends: a size bound on strings and arrays, a value bound on numbers (classic's origins). */
function bound(n: number, params: Params, big: boolean, numeric: boolean, inclusive = true): Check {
  const check: Check = {
    err: errOf(params),
    sized: !numeric,
    max: big && !numeric ? n : undefined,
    run(p) {
      const v = p.value;
      const x = numeric ? v : size(v, n, big);
      if (big ? (inclusive ? x <= n : x < n) : inclusive ? x >= n : x > n) return;
      const origin = numeric ? 'number' : Array.isArray(v) ? 'array' : 'string';
      const limit = { [big ? 'maximum' : 'minimum']: n, inclusive, continue: true };
      raise(p, check, big ? 'too_big' : 'too_small', { origin, ...limit });
    },
  };
  return check;
}

export function pattern(re: RegExp, format: string, params?: Params): Check {
  const check: Check = {
    err: errOf(params),
    run(p) {
      re.lastIndex = 0;
      if (!re.test(p.value))
        raise(p, check, 'invalid_format', { origin: 'string', format, pattern: String(re), continue: true });
    },
  };
  return check;
}

// ---- the schema and the wrappers its methods make

export class Schema {
  [key: string]: Any;
  checks: Check[] = [];

  constructor(
    readonly kind: string,
    props: object,
    readonly parseType: Parse,
  ) {
    Object.assign(this, props);
  }

  run(p: Payload): Payload {
    p = this.parseType(p);
    let stop = aborted(p);
    for (const check of this.checks) {
      const v = p.value;
      if (check.sized ? aborted(p, 0, true) || v == null || v.length === undefined : stop) continue;
      const n = p.issues.length;
      check.run(p);
      for (const issue of p.issues.slice(n)) issue.schema ??= this;
      stop ||= aborted(p, n);
    }
    return p;
  }

  clone(props: object): Schema {
    return Object.assign(Object.create(Schema.prototype), this, props);
  }
  with(check: Check): Schema {
    return this.clone({ checks: [...this.checks, check] });
  }

  safeParse(value: unknown) {
    const { issues, value: data } = this.run({ value, issues: [] });
    return issues.length
      ? { success: false as const, error: new ZodError(issues.map(finalize)) }
      : { success: true as const, data };
  }
  parse(value: unknown) {
    const result = this.safeParse(value);
    if (!result.success) throw result.error;
    return result.data;
  }

  optional(): Schema {
    return optional(this);
  }
  nullable(): Schema {
    return nullable(this);
  }
  default(value: unknown): Schema {
    return withDefault(this, value);
  }
  pipe(next: Schema): Schema {
    return pipe(this, next);
  }
  transform(fn: (value: Any, ctx: Payload) => unknown): Schema {
    const transform = new Schema('transform', { optin: 'optional' }, (p) => {
      p.value = fn(p.value, p);
      return p;
    });
    return pipe(this, transform);
  }

  refine(fn: (value: Any) => unknown, params?: Params): Schema {
    const path = typeof params === 'object' ? (params.path ?? []) : [];
    const check: Check = {
      err: errOf(params),
      run(p) {
        if (!fn(p.value)) raise(p, check, 'custom', { path: [...path], continue: true });
      },
    };
    return this.with(check);
  }
  superRefine(fn: (value: Any, ctx: Payload) => void): Schema {
    const check: Check = {
      run(p) {
        // classic (core/api.js _superRefine): a string issue aborts the later checks, an object one does not
        p.addIssue = (issue) => {
          const i = typeof issue === 'string' ? { message: issue } : issue;
          const go = typeof issue === 'string' ? undefined : i.fatal ? false : (i.continue ?? true);
          p.issues.push({
            code: 'custom',
            input: p.value,
            inst: check,
            ...i,
            path: [...(i.path ?? [])],
            continue: go,
          });
        };
        fn(p.value, p);
      },
    };
    return this.with(check);
  }
  extend(shape: Record<string, Schema>): Schema {
    return this.clone({ shape: { ...this.shape, ...shape } });
  }

  min(n: number, params?: Params): Schema {
    return this.with(bound(n, params, false, this.kind === 'number'));
  }
  max(n: number, params?: Params): Schema {
    return this.with(bound(n, params, true, this.kind === 'number'));
  }
  positive(params?: Params): Schema {
    return this.with(bound(0, params, false, true, false));
  }
  nonnegative(params?: Params): Schema {
    return this.with(bound(0, params, false, true));
  }
  /** Classic's int: a non-integer aborts the later checks, an unsafe integer is out of range. */
  int(params?: Params): Schema {
    const check: Check = {
      err: errOf(params),
      run(p) {
        const v = p.value;
        if (!Number.isInteger(v))
          raise(p, check, 'invalid_type', { expected: 'int', format: 'safeint', continue: false });
        else if (!Number.isSafeInteger(v))
          raise(p, check, v > 0 ? 'too_big' : 'too_small', {
            [v > 0 ? 'maximum' : 'minimum']: v > 0 ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER,
            note: 'Integers must be within the safe integer range.',
            origin: 'int',
            inclusive: true,
            continue: true,
          });
      },
    };
    return this.with(check);
  }
  regex(re: RegExp, params?: Params): Schema {
    return this.with(pattern(re, 'regex', params));
  }
  trim(): Schema {
    return this.with({
      run(p) {
        p.value = p.value.trim();
      },
    });
  }
}

// (wrappers keep no `values`: a discriminated union's discriminator is a literal or enum, as in the protocol)
function optional(inner: Schema): Schema {
  const optin = inner.optin === 'defaulted' ? 'defaulted' : 'optional';
  return new Schema('optional', { optin, optout: 'optional' }, (p) => {
    if (p.value !== undefined) return inner.run(p);
    if (optin !== 'defaulted') return p;
    const r = inner.run({ value: undefined, issues: [] });
    p.value = r.issues.length ? undefined : r.value;
    return p;
  });
}

function nullable(inner: Schema): Schema {
  const props = { optin: inner.optin, optout: inner.optout };
  return new Schema('nullable', props, (p) => (p.value === null ? p : inner.run(p)));
}

/** Classic's default: undefined gives the default (a function's result, else a shallow copy) unparsed. */
function withDefault(inner: Schema, value: unknown): Schema {
  const fallback = () =>
    typeof value === 'function'
      ? value()
      : Array.isArray(value)
        ? [...value]
        : value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype
          ? { ...value }
          : value;
  return new Schema('default', { optin: 'defaulted' }, (p) => {
    if (p.value !== undefined) p = inner.run(p);
    if (p.value === undefined) p.value = fallback();
    return p;
  });
}

/** Any issue of the first schema stops the pipe (classic's handlePipeResult). */
function pipe(first: Schema, next: Schema): Schema {
  return new Schema('pipe', { optin: first.optin, optout: next.optout }, (p) => {
    p = first.run(p);
    if (!p.issues.length) return next.run({ value: p.value, issues: p.issues });
    p.aborted = true;
    return p;
  });
}
