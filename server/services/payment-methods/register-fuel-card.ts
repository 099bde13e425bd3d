// POST /v4/payment-methods/fuel-card: a fuel card (shell-and-account.md §3 registration: holder, number, expiry, tpin,
// brand; §5 "A VIN is required for a fuel card" at level 2 or higher, pay-flows.md §5). The sandbox issuer checks the
// number (Luhn) and the card PIN's shape and keeps a token: the number and the PIN are dropped here, never stored or
// logged. A fuel card then pays only with its own second factor (two-factor.ts).
import { and, eq } from 'drizzle-orm';
import {
  FUEL_CARD_NUMBER_SHAPE,
  FUEL_CARD_PROVIDER,
  type FuelCardBody,
  fuelCardLevel,
  fuelCardRules,
  PAYMENT_METHODS_LIMIT,
  VIN_SHAPE,
} from '../../../contract/payment-methods';
import { newId, newToken } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { type PaymentMethodRow, paymentMethods } from '../../db/schema';
import { DomainError } from '../../errors';
import { luhnValid } from '../../psp/test-cards';
import { countActive, limitReached } from './manage-methods';

function parseExpiry(value: string, now: Date): { month: number; year: number } | null {
  const m = /^\s*(\d{2})\s*\/\s*(\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = Number(m[2]);
  if (month < 1 || month > 12) return null;
  if (year * 12 + month - 1 < now.getUTCFullYear() * 12 + now.getUTCMonth()) return null;
  if (year > now.getUTCFullYear() + 20) return null;
  return { month, year };
}

export async function registerFuelCard({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; body: FuelCardBody };
}): Promise<PaymentMethodRow> {
  const { body } = input;
  const now = ctx.clock.now();
  const digits = body.number.replace(/[\s-]/g, '');
  const problems: { path: string; message: string }[] = [];
  if (!FUEL_CARD_NUMBER_SHAPE.test(digits) || !luhnValid(digits)) {
    problems.push({ path: 'number', message: 'Not a valid fuel card number' });
  }
  const expiry = parseExpiry(body.expiry, now);
  if (!expiry) problems.push({ path: 'expiry', message: 'MM/YYYY, not in the past' });
  if (!/^\d{4}$/.test(body.tpin)) problems.push({ path: 'tpin', message: 'Exactly 4 digits' });
  const level = problems.some((p) => p.path === 'number') ? 0 : fuelCardLevel(digits);
  const vin = (body.vin ?? '').trim().toUpperCase();
  if (vin ? !VIN_SHAPE.test(vin) : fuelCardRules(level).vinRequired) {
    problems.push({ path: 'vin', message: vin ? 'Not a valid VIN' : `Required for a level ${level} card` });
  }
  if (problems.length > 0 || !expiry)
    throw new DomainError('unprocessable', 'unprocessable', 'Check the fuel card fields', problems);

  return ctx.db.transaction(async (tx) => {
    if ((await countActive(tx, input.userId)) >= PAYMENT_METHODS_LIMIT) throw limitReached();
    const [preferred] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.userId, input.userId),
          eq(paymentMethods.state, 'ACTIVE'),
          eq(paymentMethods.isPreferred, true),
        ),
      )
      .limit(1);
    const [row] = await tx
      .insert(paymentMethods)
      .values({
        id: newId(),
        userId: input.userId,
        provider: FUEL_CARD_PROVIDER,
        method: 'FUEL_CARD',
        token: `tok_fuel_${newToken()}`,
        brand: body.brand,
        last4: digits.slice(-4),
        expMonth: expiry.month,
        expYear: expiry.year,
        holderName: body.holder.trim(),
        details: { fuelCardBrand: body.brand, level, ...(vin ? { vin } : {}) },
        isPreferred: !preferred,
        createdAt: now,
      })
      .returning();
    return row as PaymentMethodRow;
  });
}
