// The driver's vehicles for the history's pickers. Until the vehicles API lands (account issue) the user's thingId is
// the one vehicle the app knows (the demo driver has one).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useSession, useUser } from '../../session/queries';
import type { Vehicle } from './FilterSheet';

export function useVehicles(): { userId: string | null; vehicles: Vehicle[] } {
  const { i18n } = useLingui();
  const record = useSession();
  const user = useUser(record?.userId);
  const thingId = user.data?.thingId ?? null;
  return {
    userId: record?.userId ?? null,
    vehicles: thingId ? [{ id: thingId, name: i18n._(msg`My vehicle`) }] : [],
  };
}
