// /api/v4/payment-methods..., /api/v4/features/psp/available-providers, /api/payments/{provider}/urls
// (shell-and-account.md §7 "Account and payment methods"). HTTP only; the rules live in the services.
import { type Context, Hono } from 'hono';
import { paymentMethodsQuery } from '../../contract/orders';
import {
  FUEL_CARD_PROVIDER,
  fuelCardBody,
  isRedirectProvider,
  MBWAY_PROVIDER,
  mbwayUrlsQuery,
  PAYPAL_PROVIDER,
  providerUrlsQuery,
  REDIRECT_PROVIDERS,
  returnUrlsQuery,
  twoFactorAuthenticationOptionsBody,
  twoFactorAuthenticationVerifyBody,
  twoFactorRegistrationOptionsBody,
  twoFactorRegistrationVerifyBody,
} from '../../contract/payment-methods';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { requireAuth } from '../http/auth';
import { rateLimit } from '../http/rate-limit';
import type { AppEnv } from '../http/types';
import { jsonBody, query } from '../http/validate';
import { openEdit, openRegistration, SANDBOX_PROVIDER } from '../psp/card-sessions';
import { listPaymentMethods, toPaymentMethodJson } from '../psp/list-payment-methods';
import { openMethodPage } from '../psp/method-pages';
import { deactivate, limitExceeded, setPreferred } from '../services/payment-methods/manage-methods';
import { registerFuelCard } from '../services/payment-methods/register-fuel-card';
import {
  authenticationOptions,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
} from '../services/payment-methods/two-factor';

/** What the sandbox providers take: cards on the card page, the PayPal vault, the MB WAY phone. */
const PROVIDERS = [
  { provider: SANDBOX_PROVIDER, methods: ['DIRECT_CREDIT', 'CREDIT_CARD'] },
  { provider: PAYPAL_PROVIDER, methods: ['PAYPAL'] },
  { provider: MBWAY_PROVIDER, methods: ['MBWAY'] },
  { provider: FUEL_CARD_PROVIDER, methods: ['FUEL_CARD'] },
  ...Object.entries(REDIRECT_PROVIDERS).map(([provider, method]) => ({ provider, methods: [method] })),
];

export function paymentMethodRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = requireAuth(ctx);
  // Code mails and code checks are limited per address (as the PIN functions).
  const limited = rateLimit(ctx, 'functions');
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
    const provider = c.req.param('provider');
    const userId = c.get('session').userId;
    noStore(c);
    const phone = provider === MBWAY_PROVIDER ? query(c, mbwayUrlsQuery) : undefined;
    const asked = phone ?? query(c, providerUrlsQuery);
    const taken = PROVIDERS.find((p) => p.provider === provider)?.methods;
    if (asked.method && taken && !taken.includes(asked.method)) {
      throw new DomainError('unprocessable', 'unprocessable', `${provider} does not take ${asked.method}`, [
        { path: 'method', message: `One of: ${taken.join(', ')}` },
      ]);
    }
    const q = { successUrl: asked.successUrl, errorUrl: asked.errorUrl };
    if (phone) {
      return c.json(await openMethodPage({ ctx, input: { userId, provider, ...q, phoneNumber: phone.phoneNumber } }));
    }
    if (provider === PAYPAL_PROVIDER || isRedirectProvider(provider)) {
      return c.json(await openMethodPage({ ctx, input: { userId, provider, ...q } }));
    }
    return c.json(await openRegistration({ ctx, input: { userId, provider, ...q } }));
  });

  // A fuel card: its fields go to the sandbox issuer through us (number and card PIN never stored, never logged).
  r.post('/v4/payment-methods/fuel-card', auth, async (c) => {
    const body = await jsonBody(c, fuelCardBody);
    const row = await registerFuelCard({ ctx, input: { userId: c.get('session').userId, body } });
    return c.json(toPaymentMethodJson(row, { userAgent: c.req.header('user-agent') }), 201);
  });

  // The two-factor calls (shell-and-account.md §7): a payment method's own second factor, a mailed one-time code.
  r.post('/auth/2fa/registration/generate-options', limited, auth, async (c) => {
    const body = await jsonBody(c, twoFactorRegistrationOptionsBody);
    return c.json(await registrationOptions({ ctx, input: { userId: c.get('session').userId, ...body } }));
  });
  r.post('/auth/2fa/registration/verify', limited, auth, async (c) => {
    const body = await jsonBody(c, twoFactorRegistrationVerifyBody);
    const row = await verifyRegistration({ ctx, input: { userId: c.get('session').userId, ...body } });
    return c.json(toPaymentMethodJson(row, { userAgent: c.req.header('user-agent') }));
  });
  r.post('/auth/2fa/authentication/generate-options', limited, auth, async (c) => {
    const body = await jsonBody(c, twoFactorAuthenticationOptionsBody);
    return c.json(await authenticationOptions({ ctx, input: { userId: c.get('session').userId, ...body } }));
  });
  r.post('/auth/2fa/authentication/verify', limited, auth, async (c) => {
    const body = await jsonBody(c, twoFactorAuthenticationVerifyBody);
    return c.json(await verifyAuthentication({ ctx, input: { userId: c.get('session').userId, ...body } }));
  });

  return r;
}
