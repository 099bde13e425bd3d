import { eq } from 'drizzle-orm';
import { isValidPortugueseNif, normalizeTaxId } from '../../../contract/tax-id';
import type { User, UserPatch } from '../../../contract/users';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { DomainError } from '../../errors';
import { firstThingId } from '../things';
import { loadOwnUser } from './load-user';
import { toUserJson } from './user-json';

type UserUpdate = Partial<typeof users.$inferInsert>;

/** PATCH /users/{id}: own user only; a partial user (absent fields stay, null clears). Answers the full user. */
export async function updateUser({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; id: string; patch: UserPatch };
}): Promise<User> {
  const { row: before } = await loadOwnUser({ ctx, input });
  const p = input.patch;
  const taxId = p.taxInfo?.taxId === undefined ? undefined : normalizeTaxId(p.taxInfo.taxId);
  // §5 "Tax ID must be valid for Portugal": checked on the result, so a country change alone cannot sneak one in.
  const taxCountry = p.taxInfo?.country ?? before.taxCountry;
  const resultingTaxId = taxId ?? before.taxId;
  if (taxCountry === 'PT' && resultingTaxId && !isValidPortugueseNif(resultingTaxId)) {
    throw new DomainError('invalid', 'validation_error', 'The request is invalid', [
      { path: 'taxInfo.taxId', message: 'Not a valid Portuguese tax id (NIF)' },
    ]);
  }
  const set: UserUpdate = {};
  const put = <K extends keyof UserUpdate>(key: K, value: UserUpdate[K] | undefined) => {
    if (value !== undefined) set[key] = value === '' ? (null as UserUpdate[K]) : value;
  };
  put('firstName', p.firstName);
  put('lastName', p.lastName);
  put('phone', p.phone);
  put('companyName', p.company?.name);
  put('taxCountry', p.taxInfo?.country);
  put('taxId', taxId);
  put('street', p.address?.street);
  put('houseNumber', p.address?.houseNumber);
  put('street2', p.address?.street2);
  put('zip', p.address?.zip);
  put('city', p.address?.city);
  put('countryCode', p.address?.countryCode);
  put('localisationCountry', p.localisationCountry);
  put('quickCheckout', p.quickCheckout);
  put('odometerScreenData', p.odometerScreenData);
  put('marketingEmail', p.marketingPermissions?.email);
  put('marketingPush', p.marketingPermissions?.push);
  put('marketingSms', p.marketingPermissions?.sms);
  put('userCurrency', p.userCurrency?.toUpperCase());
  if (Object.keys(set).length > 0) {
    await ctx.db
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, input.session.userId));
  }
  const { row, features } = await loadOwnUser({ ctx, input });
  return toUserJson(row, features, input.session.tempPass, await firstThingId({ ctx, input: { userId: row.id } }));
}
