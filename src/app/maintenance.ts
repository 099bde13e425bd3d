// The maintenance check at start (shell-and-account.md §4): 20 s timeout; on timeout or error the app continues.

import { maintenanceAnswer } from '../../contract/plain/maintenance';
import { config } from '../lib/config';
import { MAINTENANCE_TIMEOUT_MS } from '../lib/constants';

export async function isUnderMaintenance(
  fetcher: typeof fetch = fetch,
  timeoutMs = MAINTENANCE_TIMEOUT_MS,
): Promise<boolean> {
  try {
    const response = await fetcher(config.maintenanceUrl, {
      signal: AbortSignal.timeout(timeoutMs),
      cache: 'no-store',
    });
    if (!response.ok) return false;
    const parsed = maintenanceAnswer.safeParse(await response.json());
    return parsed.success && parsed.data.production;
  } catch {
    return false;
  }
}
