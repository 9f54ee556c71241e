// The console bundles src/zodLite/zod.ts for 'zod' (vite.config.ts). Here the whole @st/protocol loads through
// it (a classic factory or method it lacks fails the import), and every schema the protocol exports parses like
// the same schema on classic zod: the same data, or the same issues (code, path and message), for values made
// from the schema's own structure and for those values broken in the ways answers and requests break.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { type Any, Schema } from './schema';

vi.mock('zod', async () => await import('./zod'));

type Z = typeof import('zod').z;
type Parser = { safeParse(value: unknown): Any };

const isClassic = (v: unknown): v is Parser => typeof v === 'object' && v !== null && '_zod' in v;

/** What a parse gives, in terms both implementations share: the data, or each issue's code, path and message. */
function outcome(schema: Parser, value: unknown) {
  try {
    const r = schema.safeParse(value);
    if (r.success) return { data: r.data };
    return { issues: r.error.issues.map(({ code, path, message }: Any) => ({ code, path, message })) };
  } catch {
    return { threw: true };
  }
}

const PROBES: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  42,
  2 ** 60,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  ' ',
  ' x ',
  'abc',
  'abcdef',
  '12',
  ' 7 ',
  '😀😀',
  '😀😀😀😀',
  'ERROR',
  '2026-11-24T20:00:00Z',
  '2026-11-24T20:00:00.5+02:00',
  '2026-02-30T20:00:00Z',
  'a@b.co',
  ' a@b.co',
  'http://x.y/z',
  ' https://x.y/a\tb ',
  'http:x.y',
  'ftp://x.y',
  true,
  [],
  [1, 'a'],
  {},
  { a: 1 },
  new Date(0),
  Object.assign(Object.create(null), { a: 1 }),
  new (class Box {
    a = 1;
  })(),
  JSON.parse('{"__proto__": {"a": 1}, "a": "x"}'),
];

/** Small schemas using each factory and method zod.ts provides, and the combinations whose rules are subtle. */
function samples(z: Z) {
  const obj = z.object({
    name: z.string().trim().min(1).max(8),
    n: z.number().int().nonnegative().default(3),
    u: z.unknown(),
    o: z.unknown().optional(),
  });
  return {
    trimmed: z.string().trim().min(2).max(4),
    codePoints: z.string().min(3).max(3),
    bounded: z.number().min(0).max(10),
    positive: z.number().positive(),
    nonnegativeInt: z.number().int().nonnegative(),
    intLast: z.number().min(1).int(),
    lengthy: z.array(z.number().int()).min(1).max(2),
    capped: z
      .array(z.number().int())
      .max(3)
      .min(1)
      .max(2)
      .refine((a) => a.length !== 1),
    regex: z
      .string()
      .regex(/^[a-z]+$/, 'letters only')
      .min(4),
    errorParam: z.string({ error: 'REQ' }).min(1).max(3),
    messageParam: z.string().min(2, { message: 'two' }),
    email: z.email(),
    emails: z.array(z.email()).min(1),
    url: z.url({ protocol: /^https?$/, error: 'http(s) please' }),
    anyUrl: z.url(),
    datetime: z.iso.datetime({ offset: true }),
    datetimeZ: z.iso.datetime(),
    coerced: z.coerce.number().int().min(1).optional(),
    optional: z.string().optional(),
    nullable: z.number().nullable(),
    withDefault: z.string().default('d'),
    defaultFn: z.array(z.string()).default(() => ['x']),
    defaultObject: z.object({ a: z.number() }).default({ a: 1 }),
    nullDefault: z.string().nullable().default(null),
    refined: z.string().refine((s) => s.length !== 3, { message: 'no threes' }),
    refinedPath: z
      .object({ a: z.string().min(2), b: z.number() })
      .refine((o) => o.b > 0, { message: 'b > 0', path: ['b'] }),
    superRefined: z
      .number()
      .superRefine((n, ctx) => {
        if (n > 5) ctx.addIssue({ code: 'custom', message: 'big' });
      })
      .refine((n) => n < 40, 'huge'),
    superRefinedByText: z
      .number()
      .superRefine((n, ctx) => {
        if (n > 5) ctx.addIssue('big' as never);
        if (n > 45) ctx.addIssue({ code: 'custom', message: 'fatal', fatal: true } as never);
      })
      .refine((n) => n < 40, 'huge'),
    transformed: z.string().transform((s) => s.length),
    transformedRefined: z
      .string()
      .transform((s) => s.trim())
      .refine((s) => s !== '', 'blank'),
    piped: z
      .union([
        z.number().int(),
        z
          .string()
          .regex(/^-?\d+$/, 'digits')
          .transform(Number),
      ])
      .pipe(z.number().nonnegative()),
    obj,
    extended: obj.extend({ extra: z.boolean().optional(), n: z.string() }),
    optionalFields: z.object({
      a: z.string().default('x').optional(),
      b: z.number().optional().default(1),
      c: z
        .string()
        .optional()
        .transform((s) => s ?? 'none'),
      d: z.string().nullable().optional(),
    }),
    loose: z.looseObject({ a: z.number() }),
    union: z.union([z.literal('a'), z.literal(1)]),
    unionOfOne: z.union([z.string().min(2)]),
    unionOfObjects: z.union([z.object({ a: z.string().min(3) }), z.object({ b: z.number() })]),
    unionWithNull: z.union([z.array(z.string()), z.null()]),
    tagged: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), a: z.number() }),
      z.object({ kind: z.literal('b') }),
    ]),
    record: z.record(z.string(), z.number()),
    recordOfUnknown: z.record(z.string(), z.unknown()),
    enumerated: z.enum(['ERROR', 'abc']),
    literalTrue: z.literal(true),
    nothing: z.null(),
    anything: z.unknown(),
    truth: z.boolean(),
  };
}

const EXTRA: Record<string, unknown[]> = {
  tagged: [{ kind: 'a', a: 1 }, { kind: 'b' }, { kind: 'a' }, { kind: 'c' }, [{ kind: 'a' }]],
  obj: [
    { name: ' ab ', u: 1 },
    { name: ' ', n: 1 },
    { name: 'x', n: -1, u: undefined },
    { name: 'y', n: 1.5, u: null, o: 2 },
    { name: 'y', n: undefined, u: 0, o: undefined, z: 1 },
  ],
  extended: [{ name: 'a', n: 'x', u: 1, extra: true }],
  optionalFields: [
    {},
    { a: undefined, b: undefined, c: undefined, d: undefined },
    { a: 'q', c: 'w', d: null },
  ],
  refinedPath: [
    { a: 'x', b: 1 },
    { a: 'x', b: -1 },
    { a: 'xx', b: -1 },
    { a: 1, b: -1 },
  ],
  loose: [{ a: 1, b: 2 }],
  unionOfObjects: [{ a: 'x' }, { a: 'xyzw' }, { b: 1 }, { a: 1, b: 'x' }],
  unionWithNull: [['a'], [1]],
  record: [{ a: 1 }, { a: 'x' }, { a: 1, b: undefined }],
  recordOfUnknown: [{ a: undefined }],
  lengthy: [[1], [1, 2, 3], [1.5, 2.5, 3.5], ['a']],
  capped: [[1], [1, 2], [1, 2, 3], [1, 2, 3, 4], [1.5, 2.5, 3.5], [1.5]],
  emails: [['a@b.co'], ['x'], []],
  coerced: ['3', ' 4 ', '0', 'x', '1.5'],
  defaultObject: [{ a: 2 }, { a: 'x' }],
  defaultFn: [['a'], [1]],
  piped: [5, -5, '7', '-7', 'x', 1.5],
  superRefined: [50, 6, 3],
  superRefinedByText: [50, 6, 3],
};

describe('zod lite', () => {
  it('parses like classic zod, method by method', async () => {
    const lite = (await import('./zod')).z;
    const classic = (await vi.importActual<typeof import('zod')>('zod')).z;
    const a = samples(lite);
    const b = samples(classic);
    for (const [name, schema] of Object.entries(a)) {
      expect(schema).toBeInstanceOf(Schema); // not zod underneath
      const twin = b[name as keyof typeof b];
      for (const value of [...PROBES, ...(EXTRA[name] ?? [])])
        expect(outcome(schema, value), `${name} ${typeof value} ${JSON.stringify(value)}`).toStrictEqual(
          outcome(twin, value),
        );
    }
    expect(a.enumerated.options).toEqual(['ERROR', 'abc']);
    expect(a.enumerated.enum).toEqual(b.enumerated.enum);
    expect(Object.keys(a.extended.shape)).toEqual(['name', 'n', 'u', 'o', 'extra']);
    expect(() => a.obj.parse({ name: '' })).toThrow(Error);
    let thrown: unknown;
    try {
      a.bounded.parse(11);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ name: 'ZodError', issues: [{ code: 'too_big', path: [] }] });
    expect(a.bounded.parse(3)).toBe(3);
    expect(Object.keys(a.bounded.safeParse(3))).toEqual(['success', 'data']);
    expect(lite.config({ jitless: true })).toEqual({});
  });

  it('builds every schema of @st/protocol, which parse as they do on classic zod', async () => {
    const viaLite: Record<string, unknown> = await import('@st/protocol');
    vi.resetModules();
    vi.doUnmock('zod');
    const viaClassic: Record<string, unknown> = await import('@st/protocol');
    // with the console's own compositions (features/devices/api/deviceCommand.ts)
    const answers = (m: Record<string, unknown>) => ({
      getHooks: pick(m, 'HooksListSchema').transform((l: Any) => l ?? []),
      getFeatures: pick(m, 'FeaturesSchema')
        .nullable()
        .transform((f: Any) => f ?? {}),
    });
    const pairs = collect(
      { ...viaLite, answers: answers(viaLite) },
      { ...viaClassic, answers: answers(viaClassic) },
    );
    const tried = { valid: 0, broken: 0, probes: 0 };
    const parsed = { valid: 0, broken: 0, probes: 0 };
    for (const [name, lite, classic] of pairs) {
      if (!isClassic(classic)) throw new Error(`${name} is a schema only through zod lite`);
      const check = (kind: keyof typeof tried) => (value: unknown) => {
        const expected = outcome(classic, value);
        expect(outcome(lite, value), `${name} ${JSON.stringify(value)}`).toStrictEqual(expected);
        tried[kind]++;
        if ('data' in expected) parsed[kind]++;
      };
      const valid = arbitrary(classic);
      fc.assert(fc.property(valid, check('valid')), { numRuns: 50, seed: 21 });
      fc.assert(fc.property(broken(valid), check('broken')), { numRuns: 50, seed: 21 });
      for (const value of PROBES) check('probes')(value);
    }
    console.info(
      `zod lite: ${pairs.length} schemas; values tried (parsed) ${JSON.stringify({ tried, parsed })}`,
    );
    expect(pairs.length).toBeGreaterThan(300);
    expect(parsed.valid / tried.valid).toBeGreaterThan(0.6);
  });
});

const pick = (module: Record<string, unknown>, name: string) => module[name] as Any;

/**
 * Every schema reachable from the module's exports (the route catalog's params/query/body/response, the topics'
 * payloads, the device commands' params...), and the fields and options of each, paired with its classic twin.
 */
function collect(lite: unknown, classic: unknown): [string, Schema, unknown][] {
  const found: [string, Schema, unknown][] = [];
  const seen = new Set<unknown>();
  const walk = (a: Any, b: Any, path: string) => {
    if (typeof a !== 'object' || a === null || seen.has(a)) return;
    seen.add(a);
    if (!(a instanceof Schema)) {
      for (const key of Object.keys(a)) walk(a[key], b?.[key], `${path}.${key}`);
      return;
    }
    found.push([path, a, b]);
    for (const key of Object.keys(a.shape ?? {})) walk(a.shape[key], b?.shape?.[key], `${path}.${key}`);
    (a.options ?? []).forEach((o: unknown, i: number) => {
      if (o instanceof Schema) walk(o, b?.options?.[i], `${path}|${i}`);
    });
  };
  walk(lite, classic, '');
  return found;
}

// ---- values made from a classic schema's definition (its def, not zod lite's, so a misread there shows)

const POOL = [
  '/devices/found',
  '/devices/logs',
  '/ota/abc',
  '/secured/events',
  'https://hooks.example.com/x?y=1',
  'http://localhost:8080',
  'mqtt://broker:1883',
  '192.168.1.20',
  '10.0.0.1:8080',
  'a@b.co',
  '2026-11-24T20:00:00Z',
  ' padded ',
  'é',
  '😀',
];

function stringArbitrary(def: Any): fc.Arbitrary<string> {
  const checks: Any[] = [def, ...(def.checks ?? []).map((c: Any) => c._zod.def)];
  const min = Math.max(0, ...checks.map((c) => c.minimum ?? 0));
  const max = Math.min(60, ...checks.map((c) => c.maximum ?? 60));
  const trims = checks.some((c) => c.check === 'overwrite');
  const re = checks.find((c) => c.pattern instanceof RegExp)?.pattern;
  let base: fc.Arbitrary<string> = fc.oneof(
    fc.string({ minLength: min, maxLength: Math.max(min, max) }),
    fc.string({ unit: 'binary', minLength: min, maxLength: Math.max(min, max) }),
  );
  if (re)
    try {
      base = fc.stringMatching(re);
    } catch {}
  if (checks.some((c) => c.format === 'url')) base = fc.webUrl();
  if (trims) base = fc.tuple(base, fc.constantFrom('', ' ', '\t ')).map(([s, pad]) => `${pad}${s}${pad}`);
  return fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constantFrom(...POOL), weight: 1 });
}

function numberArbitrary(def: Any): fc.Arbitrary<unknown> {
  const checks: Any[] = (def.checks ?? []).map((c: Any) => c._zod.def);
  const int = checks.some((c) => c.format === 'safeint');
  let lo = -1e6;
  let hi = 1e6;
  for (const c of checks) {
    if (c.check === 'greater_than') lo = Math.max(lo, c.inclusive ? c.value : c.value + (int ? 1 : 1e-9));
    if (c.check === 'less_than') hi = Math.min(hi, c.inclusive ? c.value : c.value - (int ? 1 : 1e-9));
  }
  const n = int ? fc.integer({ min: lo, max: hi }) : fc.double({ min: lo, max: hi, noNaN: true });
  return def.coerce ? fc.oneof(n, n.map(String)) : n;
}

function arbitrary(schema: Any): fc.Arbitrary<unknown> {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'unknown':
      return fc.oneof(fc.jsonValue(), fc.constant(undefined));
    case 'literal':
      return fc.constantFrom(...def.values);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries));
    case 'object': {
      const shape: Record<string, Any> = def.shape;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, field] of Object.entries(shape)) model[key] = arbitrary(field);
      const requiredKeys = Object.keys(shape).filter((k) => shape[k]._zod.optin === undefined);
      const record = fc.record(model, { requiredKeys });
      if (!def.catchall) return record;
      return fc.tuple(record, fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue(), { maxKeys: 2 }));
    }
    case 'array': {
      const checks: Any[] = (def.checks ?? []).map((c: Any) => c._zod.def);
      const minLength = Math.max(0, ...checks.map((c) => c.minimum ?? 0));
      const maxLength = Math.min(minLength + 3, ...checks.map((c) => c.maximum ?? 99));
      return fc.array(arbitrary(def.element), { minLength, maxLength });
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 6 }), arbitrary(def.valueType), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...def.options.map(arbitrary));
    case 'optional':
      return fc.option(arbitrary(def.innerType), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(arbitrary(def.innerType), { nil: null, freq: 3 });
    case 'default':
      return fc.option(arbitrary(def.innerType), { nil: undefined, freq: 3 });
    case 'pipe':
      return arbitrary(def.in);
    default:
      throw new Error(`no generator for ${def.type}`);
  }
}

// ---- the same values broken: a part replaced by junk, a key dropped or added, a value wrapped in an array

const JUNK: unknown[] = [
  undefined,
  null,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -1,
  0,
  1.5,
  2 ** 60,
  '',
  ' ',
  '  x  ',
  '12',
  '\u0000',
  '😀',
  'a'.repeat(300),
  true,
  [],
  {},
  { a: 1 },
  '2026-11-24T20:00:00Z',
];

function broken(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.array(fc.nat(), { maxLength: 4 }), fc.constantFrom(...JUNK), fc.nat(4))
    .map(([value, route, junk, how]) => breakAt(value, route, junk, how));
}

function breakAt(value: unknown, route: number[], junk: unknown, how: number): unknown {
  const container = value !== null && typeof value === 'object';
  if (!container || route.length === 0) {
    if (how === 0 && container) return Array.isArray(value) ? { ...value } : [value];
    if (how === 1 && Array.isArray(value))
      return Array.from({ length: 12 }, (_, i) => value[i % value.length] ?? junk);
    if (how === 1 && container && !Array.isArray(value)) return { ...value, extra: junk };
    if (how === 2 && container && !Array.isArray(value)) {
      const keys = Object.keys(value);
      const copy: Record<string, unknown> = { ...value };
      delete copy[keys[(route[0] ?? 0) % Math.max(1, keys.length)] ?? ''];
      return copy;
    }
    return junk;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return junk;
  const key = keys[(route[0] ?? 0) % keys.length] as string;
  const copy: Any = Array.isArray(value) ? [...value] : { ...value };
  copy[key] = breakAt((value as Any)[key], route.slice(1), junk, how);
  return copy;
}
