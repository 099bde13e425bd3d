// /api/v4/payment-methods..., /api/v4/features/psp/available-providers, /api/payments/{provider}/urls
// (shell-and-account.md §7 "Account and payment methods"). HTTP only; the rules live in the services.
import { type Context, Hono } from 'hono';
import { paymentMethodsQuery } from '../../src/contract/orders';
import { returnUrlsQuery } from '../../src/contract/payment-methods';
import type { AppContext } from '../context';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/types';
import { query } from '../http/validate';
import { openEdit, openRegistration, SANDBOX_PROVIDER } from '../psp/card-sessions';
import { listPaymentMethods, toPaymentMethodJson } from '../psp/list-payment-methods';
import { deactivate, limitExceeded, setPreferred } from '../services/payment-methods/manage-methods';

/** What the sandbox provider takes today (more methods join as their flows land). */
const PROVIDERS = [{ provider: SANDBOX_PROVIDER, methods: ['DIRECT_CREDIT', 'CREDIT_CARD'] }];

export function paymentMethodRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);
  const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'no-store');

  const list = async (c: Context<AppEnv>) => {
    const q = query(c, paymentMethodsQuery);
    noStore(c);
    return c.json(
      await listPaymentMethods({
        ctx,
        input: { userId: c.get('session').userId, ...q, userAgent: c.req.header('user-agent') },
      }),
    );
  };
  r.get('/v4/payment-methods', auth, list);
  r.get('/v4/payment-methods/', auth, list);

  r.get('/v4/payment-methods/is-payment-methods-limit-exceeded', auth, async (c) => {
    noStore(c);
    return c.json(await limitExceeded({ ctx, input: { userId: c.get('session').userId } }));
  });

  r.post('/v4/payment-methods/:id/set-as-preferred', auth, async (c) => {
    const row = await setPreferred({ ctx, input: { userId: c.get('session').userId, id: c.req.param('id') } });
    return c.json(toPaymentMethodJson(row, { userAgent: c.req.header('user-agent') }));
  });

  r.post('/v4/payment-methods/:id/deactivate', auth, async (c) => {
    const row = await deactivate({ ctx, input: { userId: c.get('session').userId, id: c.req.param('id') } });
    return c.json(toPaymentMethodJson(row, { userAgent: c.req.header('user-agent') }));
  });

  // Editing a card happens on the provider's page (new expiry, holder): this opens it.
  r.patch('/v4/payment-methods/:id', auth, async (c) => {
    const q = query(c, returnUrlsQuery);
    noStore(c);
    return c.json(
      await openEdit({
        ctx,
        input: { userId: c.get('session').userId, paymentMethodId: c.req.param('id'), ...q },
      }),
    );
  });

  r.get('/v4/features/psp/available-providers', auth, (c) => c.json(PROVIDERS));

  r.get('/payments/:provider/urls', auth, async (c) => {
    const q = query(c, returnUrlsQuery);
    noStore(c);
    return c.json(
      await openRegistration({
        ctx,
        input: { userId: c.get('session').userId, provider: c.req.param('provider'), ...q },
      }),
    );
  });

  return r;
}
