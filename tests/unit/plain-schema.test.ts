// The plain response checks (no zod, for the start-up) answer exactly as the zod schemas the server's contract holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginResponse } from '../../contract/auth';
import { hostAppsResponse } from '../../contract/host-apps';
import {
  arr,
  checked,
  int,
  nullable,
  num,
  obj,
  oneOf,
  optional,
  record,
  str,
  unknown,
} from '../../contract/plain/check';
import { hostAppsAnswer } from '../../contract/plain/host-apps';
import { loginAnswer } from '../../contract/plain/login';
import { maintenanceAnswer } from '../../contract/plain/maintenance';
import { poiAnswer } from '../../contract/plain/poi';
import { userAnswer } from '../../contract/plain/user';
import { poi } from '../../contract/stations';
import { maintenance, user } from '../../contract/users';

const outcome = (result: { success: boolean; data?: unknown }) => (result.success ? { ok: result.data } : 'refused');

// Values near the shapes (right keys, wrong types, extra keys) and any JSON at all.
const anyJson = fc.jsonValue();
const maintenanceLike = fc.record(
  {
    production: fc.oneof(fc.boolean(), anyJson),
    message: fc.oneof(fc.string(), anyJson, fc.constant(undefined)),
    extra: anyJson,
  },
  { requiredKeys: [] },
);
const hostAppsLike = fc.record(
  {
    origins: fc.oneof(fc.array(fc.webUrl()), fc.array(fc.oneof(fc.string(), anyJson)), anyJson),
    demoMode: fc.oneof(fc.boolean(), anyJson),
    extra: anyJson,
  },
  { requiredKeys: [] },
);

describe('plain response checks', () => {
  it('maintenance: the same answer as the zod schema, for any value', () => {
    fc.assert(
      fc.property(fc.oneof(maintenanceLike, anyJson), (value) => {
        expect(outcome(maintenanceAnswer.safeParse(value))).toEqual(outcome(maintenance.safeParse(value)));
      }),
      { numRuns: 2000 },
    );
  });

  it('host apps: the same answer as the zod schema, for any value', () => {
    fc.assert(
      fc.property(fc.oneof(hostAppsLike, anyJson), (value) => {
        expect(outcome(hostAppsAnswer.safeParse(value))).toEqual(outcome(hostAppsResponse.safeParse(value)));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the answers the server gives and drops unknown keys', () => {
    expect(maintenanceAnswer.safeParse({ production: true, message: 'Back at 6', at: 1 })).toEqual({
      success: true,
      data: { production: true, message: 'Back at 6' },
    });
    expect(maintenanceAnswer.safeParse({ production: 'yes' })).toEqual({ success: false });
    expect(hostAppsAnswer.safeParse({ origins: ['https://host.example'], demoMode: false, x: 1 })).toEqual({
      success: true,
      data: { origins: ['https://host.example'], demoMode: false },
    });
    expect(hostAppsAnswer.safeParse({ origins: [1], demoMode: false })).toEqual({ success: false });
  });

  // The answers a first screen waits for. Values are generated from the zod schema itself (its definition walked):
  // mostly the right shape, with now and then a wrong value, a missing key or an extra one anywhere in the tree.
  const twins: [string, z.ZodType, { safeParse(value: unknown): { success: boolean; data?: unknown } }][] = [
    ['station', poi, poiAnswer],
    ['user', user, userAnswer],
    ['sign-in', loginResponse, loginAnswer],
  ];
  const RUNS = 2000;
  for (const [name, zodSchema, plain] of twins) {
    it(`${name}: the same answer as the zod schema, for values near its shape`, () => {
      const near = nearShape(zodSchema);
      let fits = 0;
      fc.assert(
        fc.property(near, (value) => {
          const expected = outcome(zodSchema.safeParse(value));
          if (expected !== 'refused') fits++;
          expect(outcome(plain.safeParse(value))).toEqual(expected);
        }),
        { numRuns: RUNS },
      );
      // Both kinds were tried: answers that fit (~7% of the stations, ~55% of the users) and answers that do not.
      expect(fits).toBeGreaterThan(RUNS / 40);
      expect(fits).toBeLessThan(RUNS - RUNS / 40);
    }, 60_000);
  }

  it('the combinators read as zod does at the edges', () => {
    const r = checked(obj({ a: optional(str()), n: nullable(int({ min: 0, max: 4 })), xs: arr(num()) }));
    expect(r.safeParse({ n: 4, xs: [1.5], extra: true })).toEqual({ success: true, data: { n: 4, xs: [1.5] } });
    expect(r.safeParse({ a: undefined, n: null, xs: [] })).toEqual({
      success: true,
      data: { a: undefined, n: null, xs: [] },
    });
    expect(r.safeParse({ n: 5, xs: [] }).success).toBe(false);
    expect(r.safeParse({ n: 1.5, xs: [] }).success).toBe(false);
    expect(r.safeParse({ n: 0, xs: [Number.NaN] }).success).toBe(false);
    expect(r.safeParse([]).success).toBe(false);
    expect(checked(int()).safeParse(2 ** 53).success).toBe(false);
    expect(checked(oneOf(['A', 'B'] as const)).safeParse('C').success).toBe(false);
    const rec = checked(record(unknown)).safeParse(JSON.parse('{"__proto__": {"x": 1}, "b": 2}'));
    expect(rec.success && Object.keys(rec.data)).toEqual(['__proto__', 'b']);
    expect(checked(str({ regex: /^\d{2}$/ })).safeParse('123').success).toBe(false);
  });
});

// --- Values near a zod schema's shape ---------------------------------------------------------------------------

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string>;
  checks?: { _zod: { def: Record<string, unknown> } }[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Now and then (1 in 150) anything at all instead of the right kind of value. */
const sometimesWrong = (right: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: right, weight: 149 }, { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 });

function nearShape(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  switch (def.type) {
    case 'string': {
      const regex = checks.find((c) => c.check === 'string_format' && c.pattern instanceof RegExp)?.pattern as
        | RegExp
        | undefined;
      return sometimesWrong(
        regex ? fc.oneof({ arbitrary: fc.stringMatching(regex), weight: 9 }, fc.string({ maxLength: 6 })) : fc.string(),
      );
    }
    case 'number': {
      const bounded = checks.some((c) => c.check === 'greater_than' || c.check === 'less_than');
      return sometimesWrong(
        fc.oneof(
          { arbitrary: fc.integer({ min: bounded ? -1 : -1e6, max: bounded ? 6 : 1e6 }), weight: 12 },
          fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
          fc.constantFrom(2 ** 53, -(2 ** 53), 0.5),
        ),
      );
    }
    case 'boolean':
      return sometimesWrong(fc.boolean());
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return sometimesWrong(
        fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 20 }, fc.string({ maxLength: 4 })),
      );
    }
    case 'optional':
      return fc.oneof({ arbitrary: nearShape(def.innerType as z.ZodType), weight: 3 }, fc.constant(undefined));
    case 'nullable':
      return fc.oneof({ arbitrary: nearShape(def.innerType as z.ZodType), weight: 3 }, fc.constant(null));
    case 'array':
      return sometimesWrong(fc.array(nearShape(def.element as z.ZodType), { maxLength: 3 }));
    case 'record':
      return sometimesWrong(
        fc.dictionary(fc.string({ maxLength: 4 }), nearShape(def.valueType as z.ZodType), { maxKeys: 3 }),
      );
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const fields = fc.record(Object.fromEntries(keys.map((k) => [k, nearShape(shape[k] as z.ZodType)])));
      // Sometimes a key missing (1 in 40) or one too many (1 in 40).
      return sometimesWrong(
        fc
          .tuple(fields, fc.nat(39), fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 1 }))
          .map(([o, roll, key, extra]) => {
            const out: Record<string, unknown> = { ...o };
            // An optional key the generator left undefined is mostly absent, as in JSON.
            for (const k of keys) if (out[k] === undefined && roll % 2 === 0) delete out[k];
            if (roll === 0) delete out[key];
            if (roll === 1) out.unexpected = extra;
            return out;
          }),
      );
    }
    default:
      throw new Error(`nearShape: no generator for zod type ${def.type}`);
  }
}
