// The driver's vehicles kept on the device (Dexie through src/db): the list query writes what the server answers here,
// screens read it with useLiveQuery, so the vehicle list opens without signal.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Thing } from '../../../contract/vehicles';
import { db, type StoredVehicle } from '../../db';

/** The server's list replaces what was kept for this driver. */
export async function keepVehicles(userId: string, things: Thing[]): Promise<void> {
  await db.transaction('rw', db.vehicles, async () => {
    await db.vehicles.where('userId').equals(userId).delete();
    await db.vehicles.bulkPut(things.map((thing, order): StoredVehicle => ({ id: thing._id, userId, order, thing })));
  });
}

export async function keepVehicle(userId: string, thing: Thing): Promise<void> {
  const existing = await db.vehicles.get(thing._id);
  await db.vehicles.put({ id: thing._id, userId, order: existing?.order ?? Date.now(), thing });
}

export async function forgetVehicle(id: string): Promise<void> {
  await db.vehicles.delete(id);
}

/** The kept vehicles of a driver, in the server's order; undefined while Dexie is read. */
export function useKeptVehicles(userId: string | null): Thing[] | undefined {
  return useLiveQuery(
    async () =>
      userId ? (await db.vehicles.where('userId').equals(userId).sortBy('order')).map((row) => row.thing) : [],
    [userId],
  );
}
