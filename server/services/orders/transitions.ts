// The one table of allowed order state changes (ARCHITECTURE.md "Order lifecycle"), for every product kind; which
// path a product takes is decided by the verb services. Terminal states absorb: they have no way out.
// applyTransition is the only writer of orders.state: a guarded UPDATE that appends to state_history in the same
// statement, so state and history can never disagree.
import { and, eq, sql } from 'drizzle-orm';
import { isTerminal, type OrderState } from '../../../contract/orders';
import type { Tx } from '../../db/client';
import { type OrderRow, orders, type StateHistoryRow } from '../../db/schema';
import { DomainError } from '../../errors';
import { announce, orderTopic } from '../events';
import { recordPaymentEvent } from '../history';

export const ORDER_TRANSITIONS: Record<OrderState, readonly OrderState[]> = {
  // Prepay: authorize; postpay: the nozzle is lifted first; wash and gift card: payment pending.
  CREATED: ['PAYMENT_PENDING', 'PAYMENT_AUTHORIZED', 'PRODUCT_PENDING', 'CANCELLED', 'FAILED', 'REJECTED', 'PROBLEM'],
  PAYMENT_PENDING: ['PAYMENT_AUTHORIZED', 'CANCELLED', 'FAILED', 'REJECTED', 'PROBLEM'],
  // Prepay, wash, EV: the product is released; postpay and gift card: acquired right after payment.
  PAYMENT_AUTHORIZED: ['PRODUCT_PENDING', 'PRODUCT_ACQUIRED', 'CANCELLED', 'FAILED', 'PROBLEM'],
  // Fuel hung up (acquired), EV charging (supplying), postpay fuelling done (payment pending).
  PRODUCT_PENDING: ['PRODUCT_SUPPLYING', 'PRODUCT_ACQUIRED', 'PAYMENT_PENDING', 'CANCELLED', 'PROBLEM'],
  PRODUCT_SUPPLYING: ['PRODUCT_ACQUIRED', 'PAYMENT_PENDING', 'PROBLEM'],
  PRODUCT_ACQUIRED: ['READY_FOR_INVOICE', 'COMPLETED', 'PROBLEM'],
  READY_FOR_INVOICE: ['COMPLETED', 'PROBLEM'],
  COMPLETED: [],
  PROBLEM: [],
  CANCELLED: [],
  FAILED: [],
  REJECTED: [],
};

export function canTransition(from: OrderState, to: OrderState): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Throws 409 conflict for a move the table does not allow (terminal states allow none). */
export function assertTransition(from: OrderState, to: OrderState): void {
  if (!canTransition(from, to)) {
    const why = isTerminal(from) ? `the order is already ${from}` : `${from} -> ${to} is not allowed`;
    throw new DomainError('conflict', 'conflict', `The order cannot change: ${why}`, { state: from, to });
  }
}

export type TransitionInput = {
  orderId: string;
  from: OrderState;
  to: OrderState;
  now: Date;
  actionCodeText: string;
  description: string;
  message?: string;
  /** Other columns written in the same UPDATE. */
  patch?: Partial<Omit<OrderRow, 'id' | 'state' | 'stateHistory' | 'stateChangedAt'>>;
};

/**
 * Moves the order from `from` to `to` inside the caller's transaction. Returns the updated row, or undefined when
 * the order is no longer in `from` (someone else moved it first: the caller decides what that means).
 */
export async function applyTransition({
  tx,
  input,
}: {
  tx: Tx;
  input: TransitionInput;
}): Promise<OrderRow | undefined> {
  assertTransition(input.from, input.to);
  const entry: StateHistoryRow = {
    state: input.to,
    createdAt: input.now.toISOString(),
    details: { actionCodeText: input.actionCodeText, description: input.description },
    ...(input.message ? { message: input.message } : {}),
  };
  const [row] = await tx
    .update(orders)
    .set({
      ...input.patch,
      state: input.to,
      stateChangedAt: input.now,
      updatedAt: input.now,
      stateHistory: sql`${orders.stateHistory} || ${JSON.stringify([entry])}::jsonb`,
    })
    .where(and(eq(orders.id, input.orderId), eq(orders.state, input.from)))
    .returning();
  // Screens waiting on the order hear of it when this transaction commits (event streams, services/events).
  if (row) await announce(tx, [orderTopic(row.id)]);
  // The history's PAYMENT event, in the same transaction: every completed order is in the history exactly once.
  if (row && input.to === 'COMPLETED') await recordPaymentEvent({ tx, input: { order: row, now: input.now } });
  return row;
}

/** applyTransition where someone else moving the order first is the caller's 409 ("The order changed meanwhile"). */
export async function transitionOrConflict({ tx, input }: { tx: Tx; input: TransitionInput }): Promise<OrderRow> {
  const moved = await applyTransition({ tx, input });
  if (!moved) throw new DomainError('conflict', 'conflict', 'The order changed meanwhile');
  return moved;
}

/** The first history entry of a new order. */
export function createdEntry(now: Date, description: string): StateHistoryRow {
  return { state: 'CREATED', createdAt: now.toISOString(), details: { actionCodeText: 'ORDER_CREATED', description } };
}
