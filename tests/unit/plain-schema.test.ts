// The plain response checks (no zod, for the start-up) answer exactly as the zod schemas the server's contract holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostAppsResponse } from '../../src/contract/host-apps';
import { hostAppsAnswer } from '../../src/contract/plain/host-apps';
import { maintenanceAnswer } from '../../src/contract/plain/maintenance';
import { maintenance } from '../../src/contract/users';

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
});
