// The vehicle calls (shell-and-account.md §7 Vehicles), answers parsed with the contract.
import { z } from 'zod';
import {
  fuelTypeDetail,
  makeList,
  modelList,
  type ThingBody,
  type ThingPatch,
  thing,
  thingList,
  type VehicleType,
} from '../../contract/vehicles';
import { api } from '../../lib/http/index';

const enc = encodeURIComponent;

export const vehiclesApi = {
  list: (signal?: AbortSignal) => api.request('things', thingList, { signal }),
  get: (id: string, signal?: AbortSignal) => api.request(`things/${enc(id)}`, thing, { signal }),
  create: (body: ThingBody) => api.request('things/lite', thing, { method: 'POST', json: body }),
  update: (id: string, patch: ThingPatch) =>
    api.request(`v3/things/${enc(id)}`, thing, { method: 'PATCH', json: patch }),
  remove: (id: string, userId: string) =>
    api.request(`things/${enc(id)}/users/${enc(userId)}`, z.object({ deleted: z.literal(true) }), { method: 'DELETE' }),
  makes: (type: VehicleType, signal?: AbortSignal) =>
    api.request('vehicles/makes', makeList, { searchParams: { type }, signal }),
  models: (brand: string, type: VehicleType, signal?: AbortSignal) =>
    api.request(`vehicles/makes/${enc(brand)}/models`, modelList, { searchParams: { type }, signal }),
  fuel: (brand: string, model: string, fuel: string) =>
    api.request(`vehicles/makes/${enc(brand)}/models/${enc(model)}/fuelTypes/${enc(fuel)}`, fuelTypeDetail),
};
