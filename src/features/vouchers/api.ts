// The voucher calls (shell-and-account.md §7 Vouchers and referral; pay-flows.md §7), answers parsed with the contract.
import type { DiscountPreviewBody } from '../../../contract/vouchers';
import { api, lazySchema } from '../../lib/http/index';

// The response schemas load with the first call, not with the summary's code (lib/http/client.ts, issue 16).
const contract = () => import('../../../contract/vouchers');
const campaignParticipation = lazySchema(() => contract().then((m) => m.campaignParticipation));
const campaignParticipationsResponse = lazySchema(() => contract().then((m) => m.campaignParticipationsResponse));
const discountPreview = lazySchema(() => contract().then((m) => m.discountPreview));
const giftCardsResponse = lazySchema(() => contract().then((m) => m.giftCardsResponse));
const referralParticipation = lazySchema(() => contract().then((m) => m.referralParticipation));

export const vouchersApi = {
  list: (signal?: AbortSignal) =>
    api.request('v4/vouchers/campaign-participations', campaignParticipationsResponse, { signal }),
  activate: (campaignId: string, active: boolean) =>
    api.request('v4/vouchers/campaign-participation-activations', campaignParticipation, {
      method: 'POST',
      json: { campaignId, active },
    }),
  addCode: (code: string) =>
    api.request('v4/vouchers/vouchers', campaignParticipation, { method: 'POST', json: { code } }),
  /** Cancellable (pay-flows.md §7): a newer input or leaving the summary aborts it. */
  preview: (body: DiscountPreviewBody, signal?: AbortSignal) =>
    api.request('v4/vouchers/discount-preview', discountPreview, { method: 'POST', json: body, signal }),
  giftCards: (signal?: AbortSignal) => api.request('v4/vouchers/gift-cards', giftCardsResponse, { signal }),
  referral: (signal?: AbortSignal) =>
    api.request('v4/vouchers/referral-program-participation', referralParticipation, { signal }),
  enterReferralCode: (referralCode: string) =>
    api.request('v4/vouchers/referral-code', referralParticipation, { method: 'PUT', json: { referralCode } }),
};
