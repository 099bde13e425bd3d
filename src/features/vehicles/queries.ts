// Vehicles in the app: the list (fetched, kept in Dexie, read from there), the catalogue, and the writes, whose
// defaults register when this module loads (it is not on the landing page).
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Thing, ThingBody, ThingPatch, VehicleType } from '../../../contract/vehicles';
import type { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { profileKeys } from '../profile/queries';
import { userKeys } from '../session/queries';
import { vehiclesApi } from './api';
import { forgetVehicle, keepVehicle, keepVehicles } from './store';

/** The kept list, for other areas' vehicle pickers (the history's filters and import). */
export { useKeptVehicles } from './store';

export const vehicleKeys = {
  list: (userId: string) => ['vehicles', userId] as const,
  makes: (type: VehicleType) => ['vehicles', 'catalogue', type] as const,
  models: (brand: string, type: VehicleType) => ['vehicles', 'catalogue', type, brand] as const,
};

/** The server's list, written to Dexie (the one owner of kept vehicles). */
export const vehiclesQuery = (userId: string) =>
  queryOptions({
    queryKey: vehicleKeys.list(userId),
    queryFn: async ({ signal }) => {
      const things = await vehiclesApi.list(signal);
      await keepVehicles(userId, things);
      return things;
    },
    staleTime: 30_000,
  });

export const makesQuery = (type: VehicleType) =>
  queryOptions({
    queryKey: vehicleKeys.makes(type),
    queryFn: ({ signal }) => vehiclesApi.makes(type, signal),
    staleTime: 24 * 60 * 60_000,
  });

export const modelsQuery = (brand: string, type: VehicleType) =>
  queryOptions({
    queryKey: vehicleKeys.models(brand, type),
    queryFn: ({ signal }) => vehiclesApi.models(brand, type, signal),
    staleTime: 24 * 60 * 60_000,
  });

export const useVehiclesSync = (userId: string | null) =>
  useQuery({ ...vehiclesQuery(userId ?? ''), enabled: !!userId });
export const useMakes = (type: VehicleType, enabled: boolean) => useQuery({ ...makesQuery(type), enabled });
export const useModels = (brand: string, type: VehicleType) =>
  useQuery({ ...modelsQuery(brand, type), enabled: brand !== '' });

export const vehicleMutations = {
  create: ['vehicles', 'create'] as const,
  update: ['vehicles', 'update'] as const,
  remove: ['vehicles', 'remove'] as const,
};

/** clientId: one per vehicle the driver adds (made by useCreateVehicle), kept with the paused mutation across reloads. */
type CreateInput = { userId: string; body: ThingBody; clientId?: string };
type UpdateInput = { userId: string; id: string; patch: ThingPatch };
type RemoveInput = { userId: string; id: string };

export function registerVehicleMutations(client: QueryClient): void {
  /**
   * The server's answer into the list at once; the refetch below follows. Without it a screen reading the list right
   * after a write (the summary's fuel-card check, just after the odometer screen saved the VIN) could see the vehicle
   * as it was until the refetch came back, and ask for the VIN again.
   */
  const putInList = (userId: string, change: (list: Thing[]) => Thing[]) =>
    client.setQueryData<Thing[]>(vehicleKeys.list(userId), (list) => (list ? change(list) : list));
  const refresh = (userId: string) => {
    void client.invalidateQueries({ queryKey: vehicleKeys.list(userId) });
    // The first vehicle becomes preferred, and thingId follows the vehicles.
    void client.invalidateQueries({ queryKey: profileKeys.preferences });
    void client.invalidateQueries({ queryKey: userKeys.detail(userId) });
  };
  client.setMutationDefaults(vehicleMutations.create, {
    mutationFn: ({ body, clientId }: CreateInput) => vehiclesApi.create(body, clientId ?? crypto.randomUUID()),
    onSuccess: async (thing: Thing, { userId }: CreateInput) => {
      await keepVehicle(userId, thing);
      putInList(userId, (list) => [...list.filter((t) => t._id !== thing._id), thing]);
      refresh(userId);
    },
  });
  client.setMutationDefaults(vehicleMutations.update, {
    mutationFn: ({ id, patch }: UpdateInput) => vehiclesApi.update(id, patch),
    onSuccess: async (thing: Thing, { userId }: UpdateInput) => {
      await keepVehicle(userId, thing);
      putInList(userId, (list) => list.map((t) => (t._id === thing._id ? thing : t)));
      refresh(userId);
    },
  });
  client.setMutationDefaults(vehicleMutations.remove, {
    mutationFn: ({ id, userId }: RemoveInput) => vehiclesApi.remove(id, userId),
    onSuccess: async (_: unknown, { id, userId }: RemoveInput) => {
      await forgetVehicle(id);
      putInList(userId, (list) => list.filter((t) => t._id !== id));
      refresh(userId);
    },
  });
}

export function useCreateVehicle() {
  const mutation = useMutation<Thing, ApiError, CreateInput>({ mutationKey: vehicleMutations.create });
  // The id is part of the mutation's variables, so a resumed send carries the same one.
  const withId = (input: CreateInput): CreateInput => ({ clientId: crypto.randomUUID(), ...input });
  return {
    ...mutation,
    mutate: (input: CreateInput, options?: Parameters<typeof mutation.mutate>[1]) =>
      mutation.mutate(withId(input), options),
    mutateAsync: (input: CreateInput, options?: Parameters<typeof mutation.mutateAsync>[1]) =>
      mutation.mutateAsync(withId(input), options),
  };
}
export const useUpdateVehicle = () =>
  useMutation<Thing, ApiError, UpdateInput>({ mutationKey: vehicleMutations.update });
export const useRemoveVehicle = () =>
  useMutation<unknown, ApiError, RemoveInput>({ mutationKey: vehicleMutations.remove });
/** The tank size of a model with a fuel, from the catalogue (pre-fills the form). */
export const catalogueTank = (brand: string, model: string, fuel: string) => vehiclesApi.fuel(brand, model, fuel);

registerVehicleMutations(queryClient);
