// pay-flows.md §4 EV flow, §6: "EV routes are open only when EV charging is enabled for the account, else /map."
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { HOME_PATH } from '../../../app/leave';
import { featuresQuery, userQuery } from '../../../features/session/queries';
import { session } from '../../../features/session/store';

export async function requireEvCharging({ context }: { context: { queryClient: QueryClient } }): Promise<void> {
  const record = session.get();
  let enabled = false;
  if (record) {
    try {
      const user = await context.queryClient.ensureQueryData(userQuery(record.userId));
      const features = await context.queryClient.ensureQueryData(featuresQuery(user.accountId));
      enabled = features.evCharging.enabled;
    } catch {
      // Offline: the page opens with what it has (a charge under way must stay visible).
      enabled = true;
    }
  }
  if (!enabled) throw redirect({ to: HOME_PATH });
}
