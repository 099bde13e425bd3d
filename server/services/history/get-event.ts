// GET /v4/account-history/{id}: one of the caller's events with every field of its kind.
import type { HistoryEvent } from '../../../contract/history';
import type { AppContext } from '../../context';
import { loadOwnEvent } from './load-events';

export function getEvent({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; eventId: string };
}): Promise<HistoryEvent> {
  return loadOwnEvent(ctx.db, input);
}
