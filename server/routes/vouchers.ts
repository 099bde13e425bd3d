// /api/v4/vouchers/... (shell-and-account.md §7 Vouchers and referral; pay-flows.md §7 Vouchers). HTTP only.
import { Hono } from 'hono';
import { activationBody, customVoucherBody, discountPreviewBody, referralCodeBody } from '../../contract/vouchers';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import {
  activateParticipation,
  addCustomVoucher,
  enterReferralCode,
  getReferralParticipation,
  listGiftCards,
  listParticipations,
  previewDiscounts,
} from '../services/vouchers';

export function voucherRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);

  r.get('/v4/vouchers/campaign-participations', auth, async (c) =>
    c.json(await listParticipations({ ctx, input: { session: c.get('session') } })),
  );

  r.post('/v4/vouchers/campaign-participation-activations', auth, async (c) => {
    const body = await jsonBody(c, activationBody);
    return c.json(await activateParticipation({ ctx, input: { session: c.get('session'), body } }));
  });

  r.post('/v4/vouchers/vouchers', auth, async (c) => {
    const body = await jsonBody(c, customVoucherBody);
    return c.json(await addCustomVoucher({ ctx, input: { session: c.get('session'), body } }), 201);
  });

  r.post('/v4/vouchers/discount-preview', auth, async (c) => {
    const body = await jsonBody(c, discountPreviewBody);
    return c.json(await previewDiscounts({ ctx, input: { session: c.get('session'), body } }));
  });

  r.get('/v4/vouchers/gift-cards', auth, async (c) =>
    c.json(await listGiftCards({ ctx, input: { session: c.get('session') } })),
  );

  r.get('/v4/vouchers/referral-program-participation', auth, async (c) =>
    c.json(await getReferralParticipation({ ctx, input: { session: c.get('session') } })),
  );

  r.put('/v4/vouchers/referral-code', auth, async (c) => {
    const body = await jsonBody(c, referralCodeBody);
    return c.json(await enterReferralCode({ ctx, input: { session: c.get('session'), body } }));
  });

  return r;
}
