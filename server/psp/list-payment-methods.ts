// GET /v4/payment-methods: the caller's saved methods (only the masked form leaves the server).
import { and, asc, desc, eq } from 'drizzle-orm';
import type { PaymentMethod } from '../../src/contract/orders';
import type { AppContext } from '../context';
import { type PaymentMethodRow, paymentMethods } from '../db/schema';
import { forbidden } from '../errors';

function toPaymentMethodJson(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    provider: row.provider,
    method: row.method as PaymentMethod['method'],
    state: row.state,
    isPreferred: row.isPreferred,
    isRegisteredFor2FA: false,
    details: {
      brand: row.brand,
      cardNumber: `•••• ${row.last4}`,
      last4: row.last4,
      expiry: `${String(row.expMonth).padStart(2, '0')}/${row.expYear}`,
      ...(row.holderName ? { holderName: row.holderName } : {}),
      ...(row.label ? { label: row.label } : {}),
    },
  };
}

export async function listPaymentMethods({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; customerId?: string | undefined; state?: 'ACTIVE' | 'INACTIVE' | undefined };
}): Promise<PaymentMethod[]> {
  if (input.customerId !== undefined && input.customerId !== input.userId) {
    throw forbidden('These are not your payment methods');
  }
  const rows = await ctx.db
    .select()
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.userId, input.userId), input.state ? eq(paymentMethods.state, input.state) : undefined),
    )
    .orderBy(desc(paymentMethods.isPreferred), asc(paymentMethods.createdAt));
  return rows.map(toPaymentMethodJson);
}
