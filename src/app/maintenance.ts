// The maintenance check at start (shell-and-account.md §4): 20 s timeout; on timeout or error the app continues.

import { config } from '../lib/config';
import { MAINTENANCE_TIMEOUT_MS } from '../lib/constants';
import { lazySchema, schemaBeside } from '../lib/http/client';

// Loaded beside the request, not with the app's entry (lib/http/client.ts).
const maintenance = lazySchema(() => import('../contract/users').then((m) => m.maintenance));

export async function isUnderMaintenance(
  fetcher: typeof fetch = fetch,
  timeoutMs = MAINTENANCE_TIMEOUT_MS,
): Promise<boolean> {
  const schema = schemaBeside(maintenance);
  try {
    const response = await fetcher(config.maintenanceUrl, {
      signal: AbortSignal.timeout(timeoutMs),
      cache: 'no-store',
    });
    if (!response.ok) return false;
    const parsed = (await schema()).safeParse(await response.json());
    return parsed.success && parsed.data.production;
  } catch {
    return false;
  }
}
