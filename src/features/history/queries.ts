// The logbook's queries and writes. Fetching writes into the device's store (store.ts), which screens read; a new
// cost goes through the outbox (offline-capable, sent once with its client id as the Idempotency-Key), its image kept
// on the device until it is sent.
import { infiniteQueryOptions, type QueryClient, queryOptions, useMutation } from '@tanstack/react-query';
import type { CreateCostBody, DeleteReach, HistoryEvent, PatchCostBody } from '../../../contract/history';
import { HISTORY_PAGE_SIZE, MERGE_TRIPS_LIMIT } from '../../../contract/history-limits';
import type { SubmitResult } from '../../db/outbox';
import { registerOutboxSender } from '../../db/outbox-senders';
import { submitToOutbox } from '../../db/outbox-submit';
import { ApiError } from '../../lib/http/errors';
import { classifyFailure } from '../../lib/http/retry';
import { queryClient } from '../../lib/query-client';
import { filterKey, toApiQuery } from './model/filters';
import type { HistoryFilters, StatisticsPeriod } from './model/search';

// The calls and the device's store load with the first history screen or write, not with the app's entry (the
// mutations register when this module first loads, see the end): Dexie and the history's schemas stay out of the
// landing budget.
const loadApi = () => import('./api').then((m) => m.historyApi);
const loadStore = () => import('./store');
const localId = (key: string) => `local-${key}`;

export const historyKeys = {
  all: ['history'] as const,
  list: (userId: string, filters: HistoryFilters) => ['history', 'list', userId, filterKey(filters)] as const,
  detail: (id: string) => ['history', 'detail', id] as const,
  trips: (id: string) => ['history', 'merge-candidates', id] as const,
  expenses: (thingId: string, period: StatisticsPeriod) => ['history', 'expenses', thingId, period] as const,
  consumption: (userId: string, thingId: string, period: StatisticsPeriod) =>
    ['history', 'consumption', userId, thingId, period] as const,
};

/** The list, 20 a page (§9); every page fetched is kept on the device, which is what the screen shows. */
export const historyListQuery = (userId: string, filters: HistoryFilters) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(userId, filters),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const now = new Date();
      const [historyApi, { keepPage, markSynced }] = await Promise.all([loadApi(), loadStore()]);
      const page = await historyApi.list(
        { ...toApiQuery(filters, now), page: pageParam, limit: HISTORY_PAGE_SIZE },
        signal,
      );
      const last = page.page * page.limit >= page.total;
      await keepPage({ userId, events: page.events, filters, first: pageParam === 1, last, now });
      if (pageParam === 1) await markSynced(userId, filterKey(filters), Date.now());
      return { page: page.page, total: page.total, count: page.events.length };
    },
    getNextPageParam: (last) => (last.page * HISTORY_PAGE_SIZE < last.total ? last.page + 1 : undefined),
    staleTime: 30_000,
  });

/** One event, kept on the device (the detail page reads the kept copy). */
export const eventQuery = (userId: string, id: string) =>
  queryOptions({
    queryKey: historyKeys.detail(id),
    queryFn: async ({ signal }) => {
      const [historyApi, { forgetEvents, keepEvent }] = await Promise.all([loadApi(), loadStore()]);
      try {
        const event = await historyApi.get(id, signal);
        await keepEvent(userId, event);
        return event;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) await forgetEvents([id]);
        throw error;
      }
    },
    enabled: !id.startsWith('local-'),
    retry: false,
  });

const DAY = 86_400_000;
/** Events per page when every page of a list is read (the import's baseline, the consumption). */
const IMPORT_PAGE = 100;

/** §9 "Trips offered for merging 40": the vehicle's trips around this one (two weeks either side, newest first). */
export const mergeCandidatesQuery = (trip: HistoryEvent) =>
  queryOptions({
    queryKey: historyKeys.trips(trip._id),
    queryFn: async ({ signal }) => {
      const at = Date.parse(trip.sampleTime);
      const historyApi = await loadApi();
      return historyApi.list(
        {
          page: 1,
          limit: MERGE_TRIPS_LIMIT,
          types: 'TRIP',
          ...(trip.thingId ? { vehicleId: trip.thingId } : {}),
          from: new Date(at - 14 * DAY).toISOString(),
          to: new Date(at + 14 * DAY).toISOString(),
        },
        signal,
      );
    },
    staleTime: 0,
  });

export function statisticsRange(period: StatisticsPeriod, now: Date): { start: Date; end: Date } {
  const months = period === '1m' ? 1 : period === '6m' ? 6 : 12;
  const start = new Date(now);
  start.setMonth(start.getMonth() - months);
  return { start, end: now };
}

export const expensesQuery = (thingId: string, period: StatisticsPeriod) =>
  queryOptions({
    queryKey: historyKeys.expenses(thingId, period),
    queryFn: async ({ signal }) => {
      const { start, end } = statisticsRange(period, new Date());
      const historyApi = await loadApi();
      return historyApi.expenses(thingId, start.toISOString(), end.toISOString(), signal);
    },
    staleTime: 60_000,
  });

/** How far before a period its fills are read: the full fill a stretch ending in the period starts from. */
const ANCHOR_DAYS = 120;

/**
 * Consumption and fuel cost per 100 km of a vehicle in a period, the way Spritmonitor computes them (model/consumption:
 * full fill to full fill, partial fills summed): from the server's fuel events with signal, else from what this phone
 * keeps.
 */
export const consumptionQuery = (userId: string, thingId: string, period: StatisticsPeriod) =>
  queryOptions({
    queryKey: historyKeys.consumption(userId, thingId, period),
    queryFn: async ({ signal }) => {
      const { start, end } = statisticsRange(period, new Date());
      const from = new Date(start.getTime() - ANCHOR_DAYS * DAY);
      const [{ fillsOfEvents, periodConsumption }, { keptEvents }] = await Promise.all([
        import('./model/consumption'),
        loadStore(),
      ]);
      let events: HistoryEvent[];
      try {
        const historyApi = await loadApi();
        events = [];
        for (let page = 1; ; page++) {
          const res = await historyApi.list(
            { types: 'PAYMENT,COST', vehicleId: thingId, from: from.toISOString(), page, limit: IMPORT_PAGE },
            signal,
          );
          events.push(...res.events);
          if (page * IMPORT_PAGE >= res.total || res.events.length === 0) break;
        }
      } catch {
        events = (await keptEvents(userId)).filter(
          (e) => e.thingId === thingId && Date.parse(e.sampleTime) >= from.getTime(),
        );
      }
      return periodConsumption(fillsOfEvents(events), start.getTime(), end.getTime());
    },
    staleTime: 60_000,
  });

export const historyMutations = {
  createCost: ['history', 'create-cost'] as const,
  patchCost: ['history', 'patch-cost'] as const,
  deleteCost: ['history', 'delete-cost'] as const,
  merge: ['history', 'merge'] as const,
  unmerge: ['history', 'unmerge'] as const,
  addImage: ['history', 'add-image'] as const,
  deleteImage: ['history', 'delete-image'] as const,
  costsByOrder: ['history', 'costs-by-order'] as const,
};

/** A paid order recorded as a cost with its odometer (pay-flows.md §7 PUT costs/by-order: "tankIsFull false"). */
export type CostsByOrderInput = { orderId: string; carOdometerM: number };

export type CreateCostInput = {
  userId: string;
  /** The placeholder's key on the device (`local-<key>`). */
  localKey: string;
  body: CreateCostBody;
  /**
   * The Idempotency-Key when the write has one of its own (a fuel-log line: the file, the line and the vehicle), so the
   * same line sent again by a resumed import is applied once; else the outbox's client id.
   */
  idempotencyKey?: string | undefined;
};

export type NewCostInput = CreateCostInput & { image?: { bytes: ArrayBuffer; type: string } | undefined };

/** What a new cost looks like on the device until the server has it. */
export function placeholderEvent(input: CreateCostInput, now: Date): HistoryEvent {
  const { body } = input;
  return {
    _id: localId(input.localKey),
    type: 'COST',
    thingId: body.thingId ?? null,
    sampleTime: body.sampleTime,
    triggerEventTypeAtSource: 'MANUAL',
    cost: {
      category: body.category,
      price: body.price,
      currency: body.currency,
      recurrencePeriod: body.recurrencePeriod ?? 'NEVER',
      seriesId: null,
      name: body.name ?? null,
      notes: body.notes ?? null,
      fuelQuantity: body.fuelQuantity ?? null,
      odometer: body.odometer ?? null,
      tankFull: body.tankFull ?? null,
    },
    payment: null,
    trip: null,
    images: [],
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

/** The writes of this area; called once with the app's query client at boot. */
export function registerHistoryMutations(client: QueryClient): void {
  const refresh = () => client.invalidateQueries({ queryKey: historyKeys.all });

  registerOutboxSender('history.createCost', async (input: CreateCostInput, clientId) => {
    const [historyApi, { keptEvent, settlePendingCost }] = await Promise.all([loadApi(), loadStore()]);
    let event: HistoryEvent;
    try {
      event = await historyApi.createCost(input.body, input.idempotencyKey ?? clientId);
    } catch (error) {
      // Refused for good: the placeholder goes (the outbox tells the driver).
      if (classifyFailure(error) === 'refused') await settlePendingCost(input.localKey, input.userId, null);
      throw error;
    }
    const kept = await keptEvent(localId(input.localKey));
    if (kept?.pendingImage) {
      const { bytes, type } = kept.pendingImage;
      try {
        const image = await historyApi.uploadImage(event._id, new Blob([bytes], { type }), `${clientId}:image`);
        event = { ...event, images: [...event.images, image] };
      } catch (error) {
        // Without signal the whole write is tried again (the cost is replayed, not made twice); an image the server
        // refuses is dropped, the cost stays.
        if (classifyFailure(error) !== 'refused') throw error;
      }
    }
    await settlePendingCost(input.localKey, input.userId, event);
    void refresh();
    return event;
  });
  client.setMutationDefaults(historyMutations.createCost, {
    networkMode: 'always',
    mutationFn: async ({ image, ...input }: NewCostInput) => {
      const { keepPendingCost } = await loadStore();
      await keepPendingCost({
        userId: input.userId,
        clientId: input.localKey,
        event: placeholderEvent(input, new Date()),
        image,
      });
      return submitToOutbox('history.createCost', input);
    },
  });
  // The receipt's record of a paid order (pay-flows.md §4 Finish): a PUT, so a replay sets the same values again; it
  // waits in the outbox without signal and goes out once the signal returns.
  registerOutboxSender('history.costsByOrder', async ({ orderId, carOdometerM }: CostsByOrderInput) => {
    const result = await (await loadApi()).costsByOrder(orderId, { tankIsFull: false, carOdometerM });
    void refresh();
    return result;
  });
  client.setMutationDefaults(historyMutations.costsByOrder, {
    networkMode: 'always',
    mutationFn: (input: CostsByOrderInput) => submitToOutbox('history.costsByOrder', input),
  });
  client.setMutationDefaults(historyMutations.patchCost, {
    mutationFn: async ({ id, body }: { userId: string; id: string; body: PatchCostBody }) =>
      (await loadApi()).patchCost(id, body),
    onSuccess: async (event: HistoryEvent, { userId }: { userId: string; id: string; body: PatchCostBody }) => {
      await (await loadStore()).keepEvent(userId, event);
      await refresh();
    },
  });
  client.setMutationDefaults(historyMutations.deleteCost, {
    mutationFn: async ({ id, category, reach }: { id: string; category?: string; reach: DeleteReach }) =>
      (await loadApi()).deleteCost(id, category, reach),
    onSuccess: async ({ deleted }: { deleted: string[] }) => {
      await (await loadStore()).forgetEvents(deleted);
      await refresh();
    },
  });
  client.setMutationDefaults(historyMutations.merge, {
    mutationFn: async ({ eventIds, thingId }: { userId: string; eventIds: string[]; thingId: string }) =>
      (await loadApi()).merge(eventIds, thingId),
    onSuccess: async (
      event: HistoryEvent,
      { userId, eventIds }: { userId: string; eventIds: string[]; thingId: string },
    ) => {
      const { forgetEvents, keepEvent } = await loadStore();
      await forgetEvents(eventIds);
      await keepEvent(userId, event);
      await refresh();
    },
  });
  client.setMutationDefaults(historyMutations.unmerge, {
    mutationFn: async ({ id }: { id: string }) => (await loadApi()).unmerge(id),
    onSuccess: async (_: unknown, { id }: { id: string }) => {
      await (await loadStore()).forgetEvents([id]);
      await refresh();
    },
  });
  client.setMutationDefaults(historyMutations.addImage, {
    mutationFn: async ({ eventId, image }: { userId: string; eventId: string; image: Blob }) =>
      (await loadApi()).uploadImage(eventId, image),
    onSuccess: async (_: unknown, { eventId }: { userId: string; eventId: string; image: Blob }) => {
      await client.invalidateQueries({ queryKey: historyKeys.detail(eventId) });
    },
  });
  client.setMutationDefaults(historyMutations.deleteImage, {
    mutationFn: async ({ eventId, imageId }: { eventId: string; imageId: string }) =>
      (await loadApi()).deleteImage(eventId, imageId),
    onSuccess: async (_: unknown, { eventId }: { eventId: string; imageId: string }) => {
      await client.invalidateQueries({ queryKey: historyKeys.detail(eventId) });
    },
  });
}

export const useCreateCost = () =>
  useMutation<SubmitResult, ApiError, NewCostInput>({ mutationKey: historyMutations.createCost });
export const useRecordCostsByOrder = () =>
  useMutation<SubmitResult, ApiError, CostsByOrderInput>({ mutationKey: historyMutations.costsByOrder });
export const usePatchCost = () =>
  useMutation<HistoryEvent, ApiError, { userId: string; id: string; body: PatchCostBody }>({
    mutationKey: historyMutations.patchCost,
  });
export const useDeleteCost = () =>
  useMutation<{ deleted: string[] }, ApiError, { id: string; category?: string; reach: DeleteReach }>({
    mutationKey: historyMutations.deleteCost,
  });
export const useMergeTrips = () =>
  useMutation<HistoryEvent, ApiError, { userId: string; eventIds: string[]; thingId: string }>({
    mutationKey: historyMutations.merge,
  });
export const useUnmergeTrip = () =>
  useMutation<{ restored: string[] }, ApiError, { id: string }>({ mutationKey: historyMutations.unmerge });
export const useAddImage = () =>
  useMutation<unknown, ApiError, { userId: string; eventId: string; image: Blob }>({
    mutationKey: historyMutations.addImage,
  });
export const useDeleteImage = () =>
  useMutation<unknown, ApiError, { eventId: string; imageId: string }>({ mutationKey: historyMutations.deleteImage });

/**
 * The payments and costs a fuel-log import is checked against for duplicates: the server's with signal (every page),
 * and what this phone keeps, costs still waiting in the outbox included.
 */
export async function importBaseline(userId: string, online: boolean): Promise<HistoryEvent[]> {
  const { keptEvents } = await loadStore();
  const kept = await keptEvents(userId);
  if (!online) return kept;
  const historyApi = await loadApi();
  const held: HistoryEvent[] = [];
  try {
    for (let page = 1; ; page++) {
      const res = await historyApi.list({ types: 'PAYMENT,COST', page, limit: IMPORT_PAGE });
      held.push(...res.events);
      if (page * IMPORT_PAGE >= res.total || res.events.length === 0) break;
    }
  } catch {
    return kept; // the signal went: what the phone keeps
  }
  return [...held, ...kept];
}

/** The invoice PDF of a payment (§7 "GET /v4/invoices/{id}, which returns a blob"). */
export const downloadInvoice = async (orderId: string) => (await loadApi()).invoice(orderId);
/** An image's bytes (the owner's session is needed, so an <img src> cannot fetch it). */
export const fetchImage = async (eventId: string, imageId: string, signal?: AbortSignal) =>
  (await loadApi()).image(eventId, imageId, signal);

// The logbook's writes register when its code first loads (a history screen, or main.tsx before the outbox replays
// what waited), not with the app's entry: the landing page does not pay for them.
registerHistoryMutations(queryClient);
