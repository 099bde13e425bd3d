import type { AppContext } from '../../context';
import { generateNetwork } from '../../seed/network';
import { NETWORK } from '../../seed/stations';
import { insertStations } from '../stations';

/**
 * Idempotent: inserts the named demo stations (server/seed/stations.ts) and the generated network
 * (server/seed/network.ts, SEED_NETWORK_SIZE stations) once; a restart finds every id and inserts nothing.
 */
export async function seedNetwork({
  ctx,
  input = {},
}: {
  ctx: AppContext;
  input?: { size?: number };
}): Promise<{ inserted: number }> {
  const size = input.size ?? ctx.env.networkSize;
  const generated = size > 0 ? generateNetwork({ count: size, seed: ctx.env.networkSeed, now: ctx.clock.now() }) : [];
  return insertStations({ ctx, input: { stations: [...NETWORK, ...generated] } });
}
