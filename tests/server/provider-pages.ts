// Helpers of the provider-page tests (PayPal, MB WAY, Bluecode, Payconiq): open a provider's page, answer it as the
// driver does (a form post), list the driver's methods, and get the validation step's proof (a PIN).
import { expect } from 'vitest';
import { paymentMethodsResponse } from '../../contract/orders';
import { providerPageResponse } from '../../contract/payment-methods';
import type { Registered, TestServer } from './helpers';

export const APP = 'http://localhost:8080';
const BACK = `${APP}/profile/payments/payment-register`;
export const registerUrls = (extra = '') =>
  `successUrl=${encodeURIComponent(BACK)}&errorUrl=${encodeURIComponent(`${BACK}?failed=1`)}${extra}`;
export const payUrls = { success: `${APP}/pay/prepay/fueling?pid=p1`, error: `${APP}/error?type=payment` };
export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  rawBody: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

export function providerPages(server: () => TestServer) {
  return {
    /** GET /payments/{provider}/urls: the page's path. */
    async openPage(user: Registered, provider: string, extra = '') {
      const res = await server().request(`/api/payments/${provider}/urls?${registerUrls(extra)}`, {
        token: user.token,
      });
      expect(res.status, res.text).toBe(200);
      return new URL(providerPageResponse.parse(res.body).url).pathname;
    },
    /** The driver presses a button of the page: where it sends them. */
    async answer(path: string, action: string) {
      const res = await server().request(path, form({ action }));
      expect(res.status, res.text).toBe(303);
      return new URL(res.headers.get('location') as string);
    },
    async list(user: Registered) {
      const res = await server().request(`/api/v4/payment-methods/?customerId=${user.id}&state=ACTIVE`, {
        token: user.token,
      });
      return paymentMethodsResponse.parse(res.body);
    },
    /** The validation step's proof (a card flow other than the four that skip it: pay-flows.md §4). */
    async proofFor(user: Registered) {
      await server().request('/api/functions/save_pin_prod', { token: user.token, body: { pin: '2580' } });
      const res = await server().request('/api/functions/validate_pin_prod', {
        token: user.token,
        body: { pin: '2580' },
      });
      expect(res.status, res.text).toBe(200);
      return res.body.paymentProof as string;
    },
  };
}
