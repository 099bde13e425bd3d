// /psp/*: the sandbox payment provider's own pages (not the API): the hosted card page and the 3-D Secure challenge. Server-written HTML with its
// own CSP. The card number is read from the form, checked and dropped: never logged, never stored, never echoed.
import { type Context, Hono } from 'hono';
import { isRedirectProvider, REDIRECT_PROVIDERS, type RedirectMethod } from '../../contract/payment-methods';
import type { AppContext } from '../context';
import type { PspSessionRow } from '../db/schema';
import type { AppEnv } from '../http/types';
import { CARD_PAGE_CSP, cardPage, challengePage, expiredPage } from '../psp/card-page-html';
import { type CardForm, cancelVisit, completeVisit, findVisit, validateCard } from '../psp/card-sessions';
import { challengeDetails, findChallenge } from '../psp/challenge-session';
import {
  answerRegistration,
  findMethodVisit,
  isExpired,
  METHOD_NAMES,
  type MethodAnswer,
  paypalAccountEmail,
} from '../psp/method-pages';
import { paypalPage, phonePage, redirectMethodPage } from '../psp/method-pages-html';
import { answerChallenge } from '../services/orders';

export function pspRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', CARD_PAGE_CSP);
    await next();
  });

  r.get('/cards/:id', async (c) => {
    const visit = await findVisit(ctx, c.req.param('id'));
    if (!visit) return c.html(expiredPage(), 404);
    return c.html(cardPage(visit));
  });

  r.post('/cards/:id', async (c) => {
    const visit = await findVisit(ctx, c.req.param('id'));
    if (!visit) return c.html(expiredPage(), 404);
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody();
    } catch {
      body = {};
    }
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).slice(0, 200) : '');
    if (text('action') === 'cancel') return c.redirect(await cancelVisit(ctx, visit), 303);
    const form: CardForm = { number: text('number'), holder: text('holder'), expiry: text('expiry'), cvc: text('cvc') };
    const checked = validateCard(form, {
      needsNumber: visit.kind === 'REGISTER',
      brand: visit.card?.brand,
      now: ctx.clock.now(),
    });
    if (!checked.ok) {
      return c.html(
        cardPage(visit, { errors: checked.errors, holder: form.holder ?? '', expiry: form.expiry ?? '' }),
        400,
      );
    }
    const { redirect } = await completeVisit({ ctx, input: { visit, value: checked.value } });
    return c.redirect(redirect, 303);
  });

  /** A Bluecode / Payconiq payment is a challenge answered on that method's page: its name, or null (3-D Secure). */
  const redirectName = (brand: string): string | null =>
    Object.values(REDIRECT_PROVIDERS).includes(brand as RedirectMethod) ? METHOD_NAMES[brand as RedirectMethod] : null;

  r.get('/challenge/:id', async (c) => {
    const visit = await findChallenge(ctx, c.req.param('id'));
    if (!visit) return c.html(expiredPage(), 404);
    const details = await challengeDetails(ctx, visit);
    const name = redirectName(details.brand);
    if (name) return c.html(redirectMethodPage(visit.id, name, { kind: 'pay', ...details }));
    return c.html(challengePage(visit.id, details));
  });

  r.post('/challenge/:id', async (c) => {
    const visit = await findChallenge(ctx, c.req.param('id'));
    if (!visit) return c.html(expiredPage(), 404);
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody();
    } catch {
      body = {};
    }
    const code = typeof body.code === 'string' ? body.code.slice(0, 20) : '';
    const action = body.action === 'deny' ? 'deny' : 'approve';
    const name = redirectName((await challengeDetails(ctx, visit)).brand);
    const answer = await answerChallenge({
      ctx,
      input: { visit, action, code, ...(name ? { redirect: { name } } : {}) },
    });
    if (answer.kind === 'redirect') return c.redirect(answer.to, 303);
    if (answer.kind === 'gone') return c.html(expiredPage(), 404);
    const error = `This code is not correct. ${answer.left} ${answer.left === 1 ? 'try' : 'tries'} left.`;
    return c.html(challengePage(visit.id, await challengeDetails(ctx, visit), { error }), 400);
  });

  const formAction = async (c: Context<AppEnv>): Promise<MethodAnswer> => {
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody();
    } catch {
      body = {};
    }
    const a = body.action;
    return a === 'approve' || a === 'deny' || a === 'close' || a === 'timeout' ? a : 'close';
  };

  // The PayPal vault page (registration): approve, deny, or close the window (PAYPAL_POPUP_CLOSED).
  r.get('/paypal/:id', async (c) => {
    const visit = await findMethodVisit(ctx, c.req.param('id'), ['PAYPAL']);
    if (!visit) return c.html(expiredPage(), 404);
    return c.html(paypalPage(visit.id, await paypalAccountEmail(ctx, visit.userId)));
  });
  r.post('/paypal/:id', async (c) => {
    const visit = await findMethodVisit(ctx, c.req.param('id'), ['PAYPAL']);
    if (!visit) return c.html(expiredPage(), 404);
    return c.redirect(await answerRegistration({ ctx, input: { visit, action: await formAction(c) } }), 303);
  });

  // Bluecode / Payconiq (registration): approve links the account, deny refuses, close leaves the page.
  r.get('/:provider/:id', async (c, next) => {
    const provider = c.req.param('provider');
    if (!isRedirectProvider(provider)) return next();
    const method = REDIRECT_PROVIDERS[provider];
    const visit = await findMethodVisit(ctx, c.req.param('id'), [method]);
    if (!visit) return c.html(expiredPage(), 404);
    const email = await paypalAccountEmail(ctx, visit.userId);
    return c.html(redirectMethodPage(visit.id, METHOD_NAMES[method], { kind: 'link', path: provider, email }));
  });
  r.post('/:provider/:id', async (c, next) => {
    const provider = c.req.param('provider');
    if (!isRedirectProvider(provider)) return next();
    const visit = await findMethodVisit(ctx, c.req.param('id'), [REDIRECT_PROVIDERS[provider]]);
    if (!visit) return c.html(expiredPage(), 404);
    const action = await formAction(c);
    return c.redirect(
      await answerRegistration({ ctx, input: { visit, action: action === 'timeout' ? 'close' : action } }),
      303,
    );
  });

  // The MB WAY phone: a mandate to approve (registration) or a payment. An expired request answers as timed out.
  r.get('/mbway/:id', async (c) => {
    const visit = await findMethodVisit(ctx, c.req.param('id'), ['MBWAY_REGISTER', 'MBWAY_PAYMENT'], {
      includeExpired: true,
    });
    if (!visit) return c.html(expiredPage(), 404);
    if (isExpired(ctx, visit)) return c.redirect(await answerPhone(visit, 'timeout'), 303);
    if (visit.kind === 'MBWAY_REGISTER') {
      return c.html(phonePage(visit.id, { kind: 'mandate', phoneNumber: visit.phoneNumber ?? '' }, visit.expiresAt));
    }
    const details = await challengeDetails(ctx, visit);
    return c.html(
      phonePage(
        visit.id,
        { kind: 'payment', amount: details.amount, merchant: details.merchant, phoneNumber: visit.phoneNumber ?? '' },
        visit.expiresAt,
      ),
    );
  });
  r.post('/mbway/:id', async (c) => {
    const visit = await findMethodVisit(ctx, c.req.param('id'), ['MBWAY_REGISTER', 'MBWAY_PAYMENT'], {
      includeExpired: true,
    });
    if (!visit) return c.html(expiredPage(), 404);
    const action = await formAction(c);
    return c.redirect(await answerPhone(visit, action === 'close' ? 'deny' : action), 303);
  });

  async function answerPhone(visit: PspSessionRow, action: MethodAnswer): Promise<string> {
    if (visit.kind === 'MBWAY_REGISTER') return answerRegistration({ ctx, input: { visit, action } });
    const answer = await answerChallenge({
      ctx,
      input: { visit, action: action === 'approve' ? 'approve' : action === 'timeout' ? 'timeout' : 'deny', code: '' },
    });
    return answer.kind === 'redirect' ? answer.to : visit.errorUrl;
  }

  return r;
}
