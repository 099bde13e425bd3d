import type { AppContext } from '../../context';
import { NETWORK } from '../../seed/stations';
import { insertStations } from '../stations';

/** Idempotent: inserts the demo station network (server/seed/stations.ts) once. */
export function seedNetwork({ ctx }: { ctx: AppContext }): Promise<{ inserted: number }> {
  return insertStations({ ctx, input: { stations: NETWORK } });
}
