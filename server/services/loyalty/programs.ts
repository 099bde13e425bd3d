// The loyalty programs (shell-and-account.md §3 Loyalty: name, icon; pay-flows.md §9: the manual providers REPSOL,
// NOOP and Q8_SMILES, two of them with icons). An account sees the programs its features switch on.
import { eq } from 'drizzle-orm';
import { CARD_FORMATS, type LoyaltyProgram, type LoyaltyProvider } from '../../../contract/loyalty';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema';

export const PROGRAMS: Record<LoyaltyProvider, Omit<LoyaltyProgram, 'cardNumberExample'>> = {
  REPSOL: {
    id: 'REPSOL',
    provider: 'REPSOL',
    name: 'Repsol Waylet',
    icon: '/img/loyalty/repsol.svg',
    canCreateAccount: false,
  },
  NOOP: { id: 'NOOP', provider: 'NOOP', name: 'Noop Points', icon: null, canCreateAccount: false },
  Q8_SMILES: {
    id: 'Q8_SMILES',
    provider: 'Q8_SMILES',
    name: 'Q8 Smiles',
    icon: '/img/loyalty/q8-smiles.svg',
    canCreateAccount: true,
  },
};

export const programOf = (provider: LoyaltyProvider): LoyaltyProgram => ({
  ...PROGRAMS[provider],
  cardNumberExample: CARD_FORMATS[provider].example,
});

/** The providers the caller's account may use (Account features: loyaltyPrograms). */
export async function enabledProviders(ctx: AppContext, session: AuthSession): Promise<LoyaltyProvider[]> {
  const [row] = await ctx.db
    .select({ features: accounts.features })
    .from(accounts)
    .where(eq(accounts.id, session.accountId));
  const on = new Set(row?.features.loyaltyPrograms ?? []);
  return (Object.keys(PROGRAMS) as LoyaltyProvider[]).filter((p) => on.has(p));
}

/** GET /v4/loyalty-programs (a list call the spec lacks: the add screen needs the programs and their formats). */
export async function listPrograms({ ctx, input }: { ctx: AppContext; input: { session: AuthSession } }) {
  return (await enabledProviders(ctx, input.session)).map(programOf);
}
