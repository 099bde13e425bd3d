import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { OrderCharge } from '../../../contract/ev';
import type { OrderState } from '../../../contract/orders';
import { createdAt, ts } from './columns';
import { users } from './users';

export type StateHistoryRow = {
  state: OrderState;
  createdAt: string;
  details?: { actionCodeText?: string; description?: string };
  message?: string;
};

/**
 * Orders. The state only changes through services/orders/transitions.ts (a guarded UPDATE that also appends to
 * state_history). Product and fuel names are copied at creation so a read needs no joins.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** Null once the user deleted their account: the order stays, anonymised, for the ledger (services/users/delete-user). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    poiId: text('poi_id').notNull(),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    itemCode: text('item_code'),
    itemName: text('item_name'),
    /** Unit of the item's price: LTR (fuel), KWH, COUNT. */
    unit: text('unit'),
    orderType: text('order_type').$type<'PREPAY' | 'POSTPAY'>().notNull(),
    /** The product's type (GAS, EV_CHARGE, CAR_WASH, GIFT_CARD); null on orders from before it was recorded. */
    productType: text('product_type'),
    state: text('state').$type<OrderState>().notNull(),
    stateHistory: jsonb('state_history').$type<StateHistoryRow[]>().notNull(),
    stateChangedAt: ts('state_changed_at').notNull(),
    thingId: text('thing_id'),
    thingExternalId: text('thing_external_id'),
    carOdometerM: integer('car_odometer_m'),
    tankIsFull: boolean('tank_is_full'),
    autoAcquire: boolean('auto_acquire').notNull().default(true),
    initiatedByPartner: text('initiated_by_partner'),
    currency: text('currency').notNull(),
    /** Unit price of the chosen item (precision unitPrecision). */
    unitPrice: integer('unit_price'),
    unitPrecision: integer('unit_precision'),
    /** The hold (precision 2); null before authorization. */
    authorizeAmount: integer('authorize_amount'),
    paymentMethodId: text('payment_method_id'),
    paymentBrand: text('payment_brand'),
    paymentLast4: text('payment_last4'),
    /** Final fill: ml and amount (minor units, precision 2); null until acquired. */
    quantityMl: integer('quantity_ml'),
    totalAmount: integer('total_amount'),
    forecourtSessionId: text('forecourt_session_id'),
    /** Set by cancel before the nozzle goes back: a zero fill then ends CANCELLED instead of PRODUCT_ACQUIRED. */
    cancelRequestedAt: ts('cancel_requested_at'),
    errorMessage: text('error_message'),
    /** EV: the charge (start, energy, duration) and, once acquired, its price lines; null for other products. */
    charge: jsonb('charge').$type<OrderCharge>(),
    /** EV: the driver's cost limit (minor units, precision 2, at most the pre-authorization); null: none. */
    costLimit: integer('cost_limit'),
    /** The provider's page the driver must visit to finish paying (3-D Secure); null when nothing is asked. */
    userInteractionUrl: text('user_interaction_url'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_id_created_idx').on(t.userId, t.createdAt),
    index('orders_open_state_idx')
      .on(t.state, t.stateChangedAt)
      .where(sql`${t.state} not in ('COMPLETED', 'PROBLEM', 'CANCELLED', 'FAILED', 'REJECTED')`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
