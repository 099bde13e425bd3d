// The vehicle calls (shell-and-account.md §7 Vehicles), answers parsed with the contract.

import { IDEMPOTENCY_HEADER } from '../../../contract/plain/orders';
import type { ThingBody, ThingPatch, VehicleType } from '../../../contract/vehicles';
import { api, lazySchema } from '../../lib/http/index';

// The response schemas load with the first call, not with the pay path's code (lib/http/client.ts, issue 16).
const contract = () => import('../../../contract/vehicles');
const thing = lazySchema(() => contract().then((m) => m.thing));
const thingList = lazySchema(() => contract().then((m) => m.thingList));
const thingDeleted = lazySchema(() => contract().then((m) => m.thingDeleted));
const makeList = lazySchema(() => contract().then((m) => m.makeList));
const modelList = lazySchema(() => contract().then((m) => m.modelList));
const fuelTypeDetail = lazySchema(() => contract().then((m) => m.fuelTypeDetail));

const enc = encodeURIComponent;

export const vehiclesApi = {
  list: (signal?: AbortSignal) => api.request('things', thingList, { signal }),
  get: (id: string, signal?: AbortSignal) => api.request(`things/${enc(id)}`, thing, { signal }),
  // The client id as Idempotency-Key: a create resumed after a reload, whose first answer was lost, is not a second car.
  create: (body: ThingBody, clientId: string) =>
    api.request('things/lite', thing, { method: 'POST', json: body, headers: { [IDEMPOTENCY_HEADER]: clientId } }),
  update: (id: string, patch: ThingPatch) =>
    api.request(`v3/things/${enc(id)}`, thing, { method: 'PATCH', json: patch }),
  remove: (id: string, userId: string) =>
    api.request(`things/${enc(id)}/users/${enc(userId)}`, thingDeleted, { method: 'DELETE' }),
  makes: (type: VehicleType, signal?: AbortSignal) =>
    api.request('vehicles/makes', makeList, { searchParams: { type }, signal }),
  models: (brand: string, type: VehicleType, signal?: AbortSignal) =>
    api.request(`vehicles/makes/${enc(brand)}/models`, modelList, { searchParams: { type }, signal }),
  fuel: (brand: string, model: string, fuel: string) =>
    api.request(`vehicles/makes/${enc(brand)}/models/${enc(model)}/fuelTypes/${enc(fuel)}`, fuelTypeDetail),
};
