// The logbook's calls (shell-and-account.md §7 History), answers parsed with the contract.
import { z } from 'zod';
import {
  type CreateCostBody,
  costsByOrderResponse,
  type DeleteReach,
  deleteCostResponse,
  expenses,
  historyEvent,
  historyPage,
  imageInfo,
  type PatchCostBody,
  unmergeResponse,
} from '../../../contract/history';
import { IDEMPOTENCY_HEADER } from '../../../contract/plain/orders';
import { api } from '../../lib/http/index';
import type { ApiHistoryQuery } from './model/filters';

const enc = encodeURIComponent;

export const historyApi = {
  list: (query: ApiHistoryQuery & { page: number; limit: number; to?: string }, signal?: AbortSignal) =>
    api.request('v4/account-history', historyPage, { searchParams: { ...query }, signal }),
  get: (id: string, signal?: AbortSignal) => api.request(`v4/account-history/${enc(id)}`, historyEvent, { signal }),
  /** Sent through the outbox: `clientId` makes a repeat harmless. */
  createCost: (body: CreateCostBody, clientId: string) =>
    api.request('v4/account-history/costs', historyEvent, {
      method: 'POST',
      json: body,
      headers: { [IDEMPOTENCY_HEADER]: clientId },
    }),
  patchCost: (id: string, body: PatchCostBody) =>
    api.request(`v4/account-history/costs/${enc(id)}`, historyEvent, {
      method: 'PATCH',
      json: body,
      searchParams: { reach: 'onlyThis' },
    }),
  deleteCost: (id: string, category: string | undefined, reach: DeleteReach) =>
    api.request(`v4/account-history/costs/${enc(id)}`, deleteCostResponse, {
      method: 'DELETE',
      searchParams: { category, reach },
    }),
  uploadImage: (eventId: string, image: Blob, clientId?: string) =>
    api.request(`v4/account-history/${enc(eventId)}/images`, imageInfo, {
      method: 'POST',
      body: image,
      headers: { 'Content-Type': image.type, ...(clientId ? { [IDEMPOTENCY_HEADER]: clientId } : {}) },
    }),
  image: (eventId: string, imageId: string, signal?: AbortSignal) =>
    api.blob(`v4/account-history/${enc(eventId)}/images/${enc(imageId)}`, { signal }),
  deleteImage: (eventId: string, imageId: string) =>
    api.request(`v4/account-history/${enc(eventId)}/images/${enc(imageId)}`, z.object({ ok: z.literal(true) }), {
      method: 'DELETE',
    }),
  merge: (eventIds: string[], thingId: string) =>
    api.request('events/merged-trip', historyEvent, { method: 'POST', json: { eventIds, thingId } }),
  unmerge: (id: string) => api.request(`events/merged-trip/${enc(id)}`, unmergeResponse, { method: 'DELETE' }),
  expenses: (thingId: string, startDate: string, endDate: string, signal?: AbortSignal) =>
    api.request(`statistics/things/${enc(thingId)}/expenses`, expenses, {
      searchParams: { startDate, endDate },
      signal,
    }),
  invoice: (id: string) => api.blob(`v4/invoices/${enc(id)}`),
  costsByOrder: (orderId: string, body: { tankIsFull?: boolean; carOdometerM?: number }) =>
    api.request(`v4/account-history/costs/by-order/${enc(orderId)}`, costsByOrderResponse, {
      method: 'PUT',
      json: body,
    }),
};
