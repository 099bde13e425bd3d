// A vehicle write's answer goes into the cached list at once (features/vehicles/queries.ts), before the refetch: the
// summary's fuel-card check read the list right after the odometer screen saved the VIN and, with the old copy still
// cached, asked for the VIN again (odometer.spec, seen once in CI). The server and the device's store are stood in
// for here: what is tested is the cache's rule.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Thing } from '../../contract/vehicles';

vi.mock('../../src/features/vehicles/api', () => ({
  vehiclesApi: {
    // A refetch never answers here: the list must be right without it.
    list: () => new Promise(() => {}),
    update: async (id: string, patch: { vin: string }) => ({ _id: id, nickName: 'Golf', vin: patch.vin }),
    create: async (body: { nickName: string; vin: string }) => ({ _id: 'new', nickName: body.nickName, vin: body.vin }),
    remove: async () => undefined,
  },
}));
vi.mock('../../src/features/vehicles/store', () => ({
  keepVehicle: async () => {},
  keepVehicles: async () => {},
  forgetVehicle: async () => {},
}));

const { registerVehicleMutations, vehicleKeys, vehicleMutations } = await import('../../src/features/vehicles/queries');

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  registerVehicleMutations(client);
  const golf = { _id: 'golf', nickName: 'Golf', vin: null } as unknown as Thing;
  client.setQueryData(vehicleKeys.list('u1'), [golf]);
  const run = (key: readonly unknown[], variables: unknown) =>
    client.getMutationCache().build(client, { mutationKey: key }).execute(variables);
  const list = () => client.getQueryData<Thing[]>(vehicleKeys.list('u1'));
  return { run, list };
}

describe('a vehicle write updates the cached list at once', () => {
  it('a saved VIN is in the list before the refetch comes back', async () => {
    const { run, list } = setUp();
    await run(vehicleMutations.update, { userId: 'u1', id: 'golf', patch: { vin: 'WVWZZZ1JZXW000001' } });
    expect(list()?.find((t) => t._id === 'golf')?.vin).toBe('WVWZZZ1JZXW000001');
  });
  it('a new vehicle is in the list, a removed one is not', async () => {
    const { run, list } = setUp();
    await run(vehicleMutations.create, { userId: 'u1', body: { type: 'car', nickName: 'My car', vin: 'X' } });
    expect(list()?.map((t) => t._id)).toEqual(['golf', 'new']);
    await run(vehicleMutations.remove, { userId: 'u1', id: 'golf' });
    expect(list()?.map((t) => t._id)).toEqual(['new']);
  });
});
