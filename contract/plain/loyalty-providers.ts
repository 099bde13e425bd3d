// The manual loyalty providers (pay-flows.md §9) without zod: the loyalty screens' search check loads with the app's
// entry (contract/loyalty-providers.ts holds the zod enum).

export const LOYALTY_PROVIDERS = ['REPSOL', 'NOOP', 'Q8_SMILES'] as const;
export type LoyaltyProvider = (typeof LOYALTY_PROVIDERS)[number];
