// What the running-order banner keeps and shows (issue 33.4). Pure: the kept entries (Dexie, per device) meet the
// server's answer to GET v4/ongoing-orders; an order that left the list has moved on (done, cancelled, failed) and is
// asked for once more, so the banner can lead to its receipt; the driver's dismissal holds until the stage changes.
import type { Order } from '../../../../../contract/orders';
import { FINAL_PHASES, type ResumePhase, resumeTarget, showsOrder } from './resume-target';

export type KeptStation = { name: string; brand: string; address: string };

/** One order the banner knows of, as kept on the device. */
export type KeptOrder = {
  /** The order id. */
  id: string;
  /** Whose order it is: a shared phone shows each driver only their own. */
  userId: string;
  order: Order;
  station: KeptStation | null;
  /** When the server last answered with this order (epoch ms). */
  fetchedAt: number;
  /** The stage at which the driver dismissed the banner: it comes back at the next one. */
  dismissedPhase?: string;
};

/** A finished order's banner stays this long at most (the driver may never open the app's screens again). */
export const FINISHED_KEPT_MS = 24 * 60 * 60 * 1000;

export const phaseOf = (order: Order): ResumePhase => resumeTarget(order).phase;
export const isFinished = (order: Order): boolean => FINAL_PHASES.includes(phaseOf(order));

/**
 * The kept list after the server's answer: its orders are kept (a newer answer replaces the copy, the dismissal and
 * the station stay); kept orders the answer no longer has and that were still running are `missing` (ask for each:
 * it moved on); finished ones stay until seen, dismissed or too old.
 */
export function reconcile(
  kept: readonly KeptOrder[],
  answer: readonly Order[],
  userId: string,
  now: number,
): { keep: KeptOrder[]; drop: string[]; missing: string[] } {
  const byId = new Map(kept.map((k) => [k.id, k]));
  const inAnswer = new Set(answer.map((o) => o._id));
  const keep: KeptOrder[] = answer.map((order) => {
    const before = byId.get(order._id);
    return {
      id: order._id,
      userId,
      order,
      station: before?.station ?? null,
      fetchedAt: now,
      ...(before?.dismissedPhase ? { dismissedPhase: before.dismissedPhase } : {}),
    };
  });
  const drop: string[] = [];
  const missing: string[] = [];
  for (const k of kept) {
    if (inAnswer.has(k.id)) continue;
    if (!isFinished(k.order)) missing.push(k.id);
    else if (now - k.fetchedAt > FINISHED_KEPT_MS) drop.push(k.id);
  }
  return { keep, drop, missing };
}

/** A missing order as the server now has it: kept with its new state (a running one stays, as the list may lag). */
export function movedOn(before: KeptOrder, order: Order, now: number): KeptOrder {
  return { ...before, order, fetchedAt: now };
}

/** The orders the banner shows here: not dismissed at their stage, not the order this screen already shows. */
export function visibleOrders(
  kept: readonly KeptOrder[],
  here: { pathname: string; search: { orderId?: unknown } },
): KeptOrder[] {
  return kept
    .filter((k) => k.dismissedPhase !== phaseOf(k.order))
    .filter((k) => !showsOrder(here.pathname, here.search, k.id))
    .sort((a, b) => b.order.createdAt.localeCompare(a.order.createdAt));
}

/** Finished orders the driver has now seen on their own screen: let go. */
export function seenHere(
  kept: readonly KeptOrder[],
  here: { pathname: string; search: { orderId?: unknown } },
): string[] {
  return kept
    .filter((k) => showsOrder(here.pathname, here.search, k.id))
    .filter((k) => {
      const target = resumeTarget(k.order);
      return FINAL_PHASES.includes(target.phase) && here.pathname === target.to;
    })
    .map((k) => k.id);
}
