// Marking a wash code used from the wash tickets screens (shell-and-account.md §2.4 "Mark a ticket as used", §7 PATCH
// /v4/redemption-codes/{id}: isRedeemed). Offline-capable: the mark shows at once and waits in the outbox. Kept apart
// from queries.ts (the pay flow's) so the boot can register the sender before the outbox replays, without the pay code.
import { type QueryClient, useMutation } from '@tanstack/react-query';
import type { SubmitResult } from '../../db/outbox';
import { registerOutboxSender } from '../../db/outbox-senders';
import { submitToOutbox } from '../../db/outbox-submit';
import { ApiError } from '../../lib/http/errors';
import { api } from '../../lib/http/index';
import { classifyFailure } from '../../lib/http/retry';
import { queryClient } from '../../lib/query-client';

export type RedeemTicketInput = { ticketId: string };

const loadStore = () => import('./store');
/**
 * The answer's schema loads with the write, not with this module: the boot loads this module on every feature page to
 * register the sender (main.tsx prepareOutbox), and the orders contract's zod schemas were most of that task (~50 ms
 * of a slowed phone's main thread after the first screen, traced: issue 16).
 */
const loadCodeSchema = () => import('../../../contract/orders').then((m) => m.redemptionCode);

export const ticketMutations = { redeem: ['wash', 'tickets', 'redeem'] as const };

export function registerTicketMutations(client: QueryClient): void {
  registerOutboxSender('wash.redeem', async ({ ticketId }: RedeemTicketInput) => {
    const [store, redemptionCode] = await Promise.all([loadStore(), loadCodeSchema()]);
    try {
      const code = await api.request(`v4/redemption-codes/${encodeURIComponent(ticketId)}`, redemptionCode, {
        method: 'PATCH',
        json: { isRedeemed: true },
      });
      await store.settleTicketRedeem(ticketId, 'used');
      return code;
    } catch (error) {
      if (classifyFailure(error) === 'refused') {
        const spent = error instanceof ApiError && error.status === 409;
        await store.settleTicketRedeem(ticketId, spent ? 'used' : 'undo');
      }
      throw error;
    }
  });
  client.setMutationDefaults(ticketMutations.redeem, {
    networkMode: 'always',
    mutationFn: async (input: RedeemTicketInput) => {
      await (await loadStore()).markTicketUsed(input.ticketId, Date.now());
      return submitToOutbox('wash.redeem', input);
    },
  });
}

export const useRedeemTicket = () =>
  useMutation<SubmitResult, ApiError, RedeemTicketInput>({ mutationKey: ticketMutations.redeem });

registerTicketMutations(queryClient);
