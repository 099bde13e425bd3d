// The user: profile, preferences, the two-factor method, the data export, deleting the account.
export { deleteUser } from './delete-user';
export { getPreferences } from './get-preferences';
export { getTwoFactorMethod } from './get-two-factor-method';
export { getUser } from './get-user';
export { updatePreferences } from './update-preferences';
export { updateUser } from './update-user';
