// Vouchers in the app: the voucher cards, switching them, adding a code, and the discount preview of the summaries.
// The write defaults register when this module loads (it is not on the landing page).
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CampaignParticipation, DiscountPreviewBody, ReferralParticipation } from '../../../contract/vouchers';
import { ApiError, CANCELLED } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { vouchersApi } from './api';
import { type PreviewState, previewState } from './model/preview';

export const voucherKeys = {
  all: ['vouchers'] as const,
  list: (userId: string) => ['vouchers', 'list', userId] as const,
  preview: (body: DiscountPreviewBody) => ['vouchers', 'preview', body] as const,
  referral: (userId: string) => ['vouchers', 'referral', userId] as const,
  giftCards: (userId: string) => ['vouchers', 'gift-cards', userId] as const,
};

/** The gift cards the driver bought, with their balances (the voucher store). */
export const useGiftCards = (userId: string | null, enabled = true) =>
  useQuery({
    queryKey: voucherKeys.giftCards(userId ?? ''),
    queryFn: ({ signal }) => vouchersApi.giftCards(signal),
    enabled: !!userId && enabled,
    staleTime: 0,
  });

export const vouchersQuery = (userId: string) =>
  queryOptions({
    queryKey: voucherKeys.list(userId),
    queryFn: ({ signal }) => vouchersApi.list(signal),
    // The restored cache shows at once; the server's list always follows (a write may not have been persisted yet).
    staleTime: 0,
  });

export const useVouchers = (userId: string | null) => useQuery({ ...vouchersQuery(userId ?? ''), enabled: !!userId });

/** Refer-a-friend: the own code (once enabled) and the friends' progress. */
export const referralQuery = (userId: string) =>
  queryOptions({
    queryKey: voucherKeys.referral(userId),
    queryFn: ({ signal }) => vouchersApi.referral(signal),
    staleTime: 0,
  });

export const useReferral = (userId: string | null) => useQuery({ ...referralQuery(userId ?? ''), enabled: !!userId });

export const voucherMutations = {
  activate: ['vouchers', 'activate'] as const,
  addCode: ['vouchers', 'add-code'] as const,
  referralCode: ['vouchers', 'referral-code'] as const,
};

type ActivateInput = { campaignId: string; active: boolean };

export function registerVoucherMutations(client: QueryClient): void {
  // "Adding one reloads the vouchers and the payment features of the account" (§4 Custom voucher); a switched card
  // changes every preview.
  const reload = () => {
    void client.invalidateQueries({ queryKey: voucherKeys.all });
    void client.invalidateQueries({ queryKey: ['user', 'features'] });
  };
  client.setMutationDefaults(voucherMutations.activate, {
    mutationFn: ({ campaignId, active }: ActivateInput) => vouchersApi.activate(campaignId, active),
    onSuccess: reload,
  });
  client.setMutationDefaults(voucherMutations.addCode, {
    mutationFn: (code: string) => vouchersApi.addCode(code),
    onSuccess: reload,
  });
  // A friend's code gives a voucher card (the first-refuel discount): the cards and the program reload.
  client.setMutationDefaults(voucherMutations.referralCode, {
    mutationFn: (code: string) => vouchersApi.enterReferralCode(code),
    onSuccess: reload,
  });
}

export const useActivateVoucher = () =>
  useMutation<CampaignParticipation, ApiError, ActivateInput>({ mutationKey: voucherMutations.activate });
export const useAddVoucherCode = () =>
  useMutation<CampaignParticipation, ApiError, string>({ mutationKey: voucherMutations.addCode });
export const useEnterReferralCode = () =>
  useMutation<ReferralParticipation, ApiError, string>({ mutationKey: voucherMutations.referralCode });

/**
 * The discount preview of a summary: null input (a guest, or nothing to price yet) asks nothing. A new input cancels
 * the request still running (react-query aborts its signal); the result is never kept for later visits.
 */
export function useDiscountPreview(body: DiscountPreviewBody | null): PreviewState {
  const q = useQuery({
    queryKey: voucherKeys.preview(body ?? ({} as DiscountPreviewBody)),
    queryFn: ({ signal }) => vouchersApi.preview(body as DiscountPreviewBody, signal),
    enabled: body !== null,
    retry: false,
    staleTime: 0,
    gcTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const error = q.error ? { cancelled: q.error instanceof ApiError && q.error.code === CANCELLED } : null;
  return previewState({ enabled: body !== null, fetching: q.isFetching, data: q.data, error });
}

registerVoucherMutations(queryClient);
