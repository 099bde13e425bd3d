// The manual loyalty providers (pay-flows.md §9) as a zod enum; the plain list is in plain/loyalty-providers.ts (what
// the app's start-up code imports).
import { z } from 'zod';
import { LOYALTY_PROVIDERS, type LoyaltyProvider } from './plain/loyalty-providers';

export { LOYALTY_PROVIDERS, type LoyaltyProvider };
export const loyaltyProvider = z.enum(LOYALTY_PROVIDERS);
