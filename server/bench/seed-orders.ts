// Bench fixture (scripts/bench.mjs): N guest users, each with a session and one prepay order in PRODUCT_PENDING with
// a hold, inserted in bulk. Run on a database no server is using: `node --import tsx server/bench/seed-orders.ts N out.json`
// (DATA_DIR or DATABASE_URL as for the server). Writes [{token, orderId}] to out.json.
import { writeFileSync } from 'node:fs';
import { newId, newToken, sha256Hex } from '../auth/crypto';
import { openDatabase } from '../db/client';
import { accounts, orders, paymentHolds, paymentLedger, sessions, users } from '../db/schema';
import { loadEnv } from '../env';
import { defaultAccountFeatures } from '../services/accounts';
import { createdEntry } from '../services/orders';

async function main() {
  const n = Number(process.argv[2] ?? 1000);
  const out = process.argv[3] ?? 'bench-orders.json';
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    pgliteSharedBuffers: env.pgliteSharedBuffers,
  });
  await database.migrate();
  const { db } = database;
  const now = new Date();
  const expires = new Date(now.getTime() + 30 * 24 * 3600 * 1000);
  const result: { token: string; orderId: string }[] = [];
  const BATCH = 500;
  for (let start = 0; start < n; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, n - start) }, () => ({
      accountId: newId(),
      userId: newId(),
      orderId: newId(),
      token: newToken(),
    }));
    await db.transaction(async (tx) => {
      await tx.insert(accounts).values(rows.map((r) => ({ id: r.accountId, features: defaultAccountFeatures() })));
      await tx.insert(users).values(rows.map((r) => ({ id: r.userId, accountId: r.accountId, isGuest: true })));
      await tx
        .insert(sessions)
        .values(
          rows.map((r) => ({ id: newId(), tokenHash: sha256Hex(r.token), userId: r.userId, expiresAt: expires })),
        );
      await tx.insert(orders).values(
        rows.map((r) => ({
          id: r.orderId,
          userId: r.userId,
          poiId: 'fc2760000000000000010000',
          productId: 'fc2760000000000000010001',
          productName: '1',
          itemCode: 'SUPER_E5',
          itemName: 'SUPER E5',
          unit: 'LTR',
          orderType: 'PREPAY' as const,
          state: 'PRODUCT_PENDING' as const,
          stateHistory: [
            createdEntry(now, 'Order for 1 created'),
            {
              state: 'PAYMENT_AUTHORIZED' as const,
              createdAt: now.toISOString(),
              details: { actionCodeText: 'PAYMENT_AUTHORIZED', description: '3000 held' },
            },
            {
              state: 'PRODUCT_PENDING' as const,
              createdAt: now.toISOString(),
              details: { actionCodeText: 'PUMP_RELEASED', description: '1 released' },
            },
          ],
          stateChangedAt: now,
          currency: 'EUR',
          unitPrice: 1789,
          unitPrecision: 3,
          authorizeAmount: 3000,
          paymentMethodId: 'wallet_google_pay',
          paymentBrand: 'GOOGLE_PAY',
          createdAt: now,
          updatedAt: now,
        })),
      );
      await tx
        .insert(paymentHolds)
        .values(
          rows.map((r) => ({ orderId: r.orderId, paymentMethodId: 'wallet_google_pay', currency: 'EUR', held: 3000 })),
        );
      await tx.insert(paymentLedger).values(
        rows.map((r) => ({
          id: newId(),
          orderId: r.orderId,
          kind: 'HOLD' as const,
          amount: 3000,
          currency: 'EUR',
          precision: 2,
          createdAt: now,
        })),
      );
    });
    for (const r of rows) result.push({ token: r.token, orderId: r.orderId });
  }
  writeFileSync(out, JSON.stringify(result));
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
