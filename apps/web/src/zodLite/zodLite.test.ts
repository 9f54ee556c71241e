// The console bundles src/zodLite/zod.ts for 'zod' (vite.config.ts). Here the whole @st/protocol loads through
// it (a classic method it lacks fails the import), and its schemas parse like the same schemas on classic zod.
import { describe, expect, it, vi } from 'vitest';

vi.mock('zod', async () => await import('./zod'));

type Z = typeof import('zod').z;
type Parser = { safeParse(value: unknown): { success: boolean; data?: unknown } };

const isSchema = (value: unknown): value is Parser =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value;

const PROBES: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  42,
  '',
  ' x ',
  'abc',
  '12',
  'ERROR',
  '2026-11-24T20:00:00Z',
  'a@b.co',
  'http://x.y/z',
  true,
  [],
  [1, 'a'],
  {},
  { a: 1 },
];

const outcome = (schema: Parser, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? { ok: JSON.stringify(r.data) } : { failed: true };
};

/** Small schemas using each classic method the adapter provides. */
function samples(z: Z) {
  const obj = z.object({
    name: z.string().trim().min(1).max(8),
    n: z.number().int().nonnegative().default(3),
  });
  return {
    trimmed: z.string().trim().toLowerCase().min(2),
    bounded: z.number().min(0).max(10),
    positive: z.number().positive(),
    lengthy: z.array(z.number()).min(1).max(2),
    exact: z.string().length(3),
    regex: z.string().regex(/^[a-z]+$/),
    prefixed: z.string().startsWith('ab'),
    email: z.string().email(),
    url: z.string().url(),
    datetime: z.string().datetime(),
    isoDatetime: z.iso.datetime(),
    coerced: z.coerce.number().int(),
    optional: z.string().optional(),
    nullable: z.number().nullable(),
    nullish: z.number().nullish(),
    withDefault: z.string().default('d'),
    listed: z.string().array(),
    either: z.string().or(z.number()),
    refined: z.string().refine((s) => s.length !== 3, { message: 'no threes' }),
    superRefined: z.number().superRefine((n, ctx) => {
      if (n > 5) ctx.addIssue({ code: 'custom', message: 'big' });
    }),
    transformed: z.string().transform((s) => s.length),
    piped: z.coerce.number().pipe(z.number().gte(1)),
    obj,
    extended: obj.extend({ extra: z.boolean().optional() }),
    partial: obj.partial(),
    picked: obj.pick({ name: true }),
    omitted: obj.omit({ name: true }),
    loose: z.looseObject({ a: z.number() }),
    strict: z.strictObject({ a: z.number() }),
    union: z.union([z.literal('a'), z.literal(1)]),
    tagged: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), a: z.number() }),
      z.object({ kind: z.literal('b') }),
    ]),
    record: z.record(z.string(), z.number()),
    enumerated: z.enum(['ERROR', 'abc']),
    tuple: z.tuple([z.number(), z.string()]),
    nothing: z.null(),
    anything: z.unknown(),
    truth: z.boolean(),
  };
}

describe('zod lite (classic API over zod/mini)', () => {
  it('parses like classic zod, method by method', async () => {
    const lite = (await import('./zod')).z;
    const classic = (await vi.importActual<typeof import('zod')>('zod')).z;
    const a = samples(lite);
    const b = samples(classic);
    expect(Object.values(a).every((s) => !('describe' in s))).toBe(true); // really zod/mini underneath
    const extra: Record<string, unknown[]> = {
      tagged: [{ kind: 'a', a: 1 }, { kind: 'b' }, { kind: 'a' }],
      obj: [{ name: ' ab ' }, { name: ' ', n: 1 }, { name: 'x', n: -1 }, { name: 'y', n: 1.5 }],
      extended: [{ name: 'a', extra: true }],
      loose: [{ a: 1, b: 2 }],
      strict: [{ a: 1, b: 2 }],
      record: [{ a: 1 }, { a: 'x' }],
      tuple: [
        [1, 'a'],
        ['a', 1],
      ],
      listed: [['a'], [1]],
    };
    for (const [name, schema] of Object.entries(a)) {
      const twin = b[name as keyof typeof b];
      for (const value of [...PROBES, ...(extra[name] ?? [])])
        expect(outcome(schema, value), `${name} ${JSON.stringify(value)}`).toEqual(outcome(twin, value));
    }
    expect(a.enumerated.options).toEqual(['ERROR', 'abc']);
    expect(Object.keys(a.extended.shape)).toEqual(['name', 'n', 'extra']);
  });

  it('builds every schema of @st/protocol, which parse as they do on classic zod', async () => {
    const viaLite: Record<string, unknown> = await import('@st/protocol');
    vi.resetModules();
    vi.doUnmock('zod');
    const viaClassic: Record<string, unknown> = await import('@st/protocol');
    let compared = 0;
    for (const [name, schema] of Object.entries(viaLite)) {
      if (!isSchema(schema)) continue;
      const twin = viaClassic[name];
      if (!isSchema(twin)) throw new Error(`${name} is a schema only through zod lite`);
      expect(['describe' in schema, 'describe' in twin], name).toEqual([false, true]);
      for (const value of PROBES)
        expect(outcome(schema, value), `${name} ${JSON.stringify(value)}`).toEqual(outcome(twin, value));
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });
});
