// The manual loyalty providers (pay-flows.md §9) on their own: the loyalty screens' search schema needs only these,
// and route search schemas load with the app's entry (contract/loyalty.ts holds the rest).
import { z } from 'zod';

export const LOYALTY_PROVIDERS = ['REPSOL', 'NOOP', 'Q8_SMILES'] as const;
export const loyaltyProvider = z.enum(LOYALTY_PROVIDERS);
export type LoyaltyProvider = z.infer<typeof loyaltyProvider>;
