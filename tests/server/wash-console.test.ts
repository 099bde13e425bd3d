// The wash console's code entry through HTTP (issue 12: the operator types or scans a driver's redemption code at the
// wash): a paid code of this station's wash is redeemed and starts its bay; the same code again, an expired one, one of
// another station or a made-up one is answered with what is wrong, and leaves the code as it was.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { order as orderSchema } from '../../contract/orders';
import { redemptionCodes } from '../../server/db/schema';
import { issueWashCodes } from '../../server/services/orders';
import { drivers, type FakeClock, fakeClock, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, newDriver, orderBody } from './orders-fixtures';
import { createStation, washBay } from './stations-fixtures';

describe.each(drivers)('wash console code entry (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({ FORECOURT_AUTO_DRIVER: 'false' }, { clock });
  });

  const redeem = (stationId: string, code: string) =>
    s.request(`/forecourt/api/stations/${stationId}/wash-codes/redeem`, { method: 'POST', body: { code } });

  it('a paid code starts its bay once; again, elsewhere, made up or expired it is refused and stays as it was', async () => {
    const st = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 1')] });
    const other = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 9')] });
    const d = await newDriver(s);
    const bayId = st.products[0]!.id;
    const created = orderSchema.parse((await createOrderReq(s, d.token, orderBody(st.id, bayId, 'WASH_BASIC'))).body);
    const paid = orderSchema.parse((await authorizeReq(s, d.token, created._id, authBody(900, d.visaId))).body);
    const code = paid.products[0]!.redemptionCodes![0]!.code;

    // Another station's console does not know it (404), and that leaves it unused.
    const elsewhere = await redeem(other.id, code);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({
      code: 'not_found',
      message: 'This code is not a wash code of this station',
    });
    expect((await redeem(st.id, '00000000')).status).toBe(404);

    // Typed as printed (with a space): redeemed, the bay starts with the package.
    const ok = await redeem(st.id, `${code.slice(0, 4)} ${code.slice(4)}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ code, device: { productId: bayId, kind: 'WASH', status: 'IN_USE' } });
    const [row] = await s.ctx.db.select().from(redemptionCodes).where(eq(redemptionCodes.code, code));
    expect(row?.usedAt).not.toBeNull();

    const again = await redeem(st.id, code);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^This code was already used/);
    expect(again.body.details).toEqual([{ path: 'code', message: 'already_redeemed' }]);

    // An expired code: refused, not used.
    const [issued] = await s.ctx.db.transaction((tx) =>
      issueWashCodes({ tx, input: { productId: bayId, itemCode: 'WASH_BASIC', count: 1, now: clock.now() } }),
    );
    clock.advance(31 * 24 * 3600 * 1000);
    const expired = await redeem(st.id, issued!.code);
    expect(expired.status).toBe(409);
    expect(expired.body.details).toEqual([{ path: 'code', message: 'expired' }]);
    const [kept] = await s.ctx.db.select().from(redemptionCodes).where(eq(redemptionCodes.code, issued!.code));
    expect(kept?.usedAt).toBeNull();
    // Bad input: 400.
    expect((await redeem(st.id, '')).status).toBe(400);
  });
});
