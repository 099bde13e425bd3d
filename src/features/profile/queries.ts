// The driver's profile writes (shell-and-account.md §7 Auth and user): preferences, the user, deleting the account.
// Setting the preferred vehicle is offline-capable: without signal it waits in the outbox.
import { type QueryClient, queryOptions, useMutation } from '@tanstack/react-query';
import type { Preferences, User, UserPatch } from '../../../contract/users';
import type { SubmitResult } from '../../db/outbox';
import { registerOutboxSender } from '../../db/outbox-senders';
import { submitToOutbox } from '../../db/outbox-submit';
import type { ApiError } from '../../lib/http/errors';
import { userKeys } from '../session/queries';
import { profileApi } from './api';

export const profileKeys = {
  preferences: ['preferences'] as const,
};

export const preferencesQuery = () =>
  queryOptions({ queryKey: profileKeys.preferences, queryFn: () => profileApi.preferences(), staleTime: 60_000 });

export const profileMutations = {
  updateUser: ['profile', 'update-user'] as const,
  setPreferredThing: ['profile', 'set-preferred-thing'] as const,
  deleteAccount: ['profile', 'delete-account'] as const,
};

export type UpdateUserInput = { userId: string; patch: UserPatch };

/** The writes of this area; called once with the app's query client at boot. */
export function registerProfileMutations(client: QueryClient): void {
  client.setMutationDefaults(profileMutations.updateUser, {
    mutationFn: ({ userId, patch }: UpdateUserInput) => profileApi.patchUser(userId, patch),
    onSuccess: (user: User) => client.setQueryData(userKeys.detail(user.id), user),
  });
  registerOutboxSender('profile.setPreferredThing', ({ thingId }: { thingId: string | null }, clientId) =>
    profileApi.setPreferredThing(thingId, clientId).then((preferences) => {
      client.setQueryData(profileKeys.preferences, preferences);
      return preferences;
    }),
  );
  client.setMutationDefaults(profileMutations.setPreferredThing, {
    networkMode: 'always',
    mutationFn: (input: { thingId: string | null }) => submitToOutbox('profile.setPreferredThing', input),
  });
  client.setMutationDefaults(profileMutations.deleteAccount, { mutationFn: () => profileApi.deleteUser() });
}

export const useUpdateUser = () =>
  useMutation<User, ApiError, UpdateUserInput>({ mutationKey: profileMutations.updateUser });
export const useSetPreferredThing = () =>
  useMutation<SubmitResult, ApiError, { thingId: string | null }>({ mutationKey: profileMutations.setPreferredThing });
/** true when deleted; 'open_order' while an order is open; false on any other failure. */
export const useDeleteAccount = () =>
  useMutation<boolean | 'open_order', ApiError, void>({ mutationKey: profileMutations.deleteAccount });
export type { Preferences };
