// Search of the loyalty add and register screens (§2.1: "The add screen takes loyaltyProgramId").
import { LOYALTY_PROVIDERS } from '../../../../contract/plain/loyalty-providers';
import { oneOf, searchObject } from '../../../lib/search-schema';

export const loyaltyProgramSearch = searchObject({ loyaltyProgramId: oneOf(LOYALTY_PROVIDERS) });
