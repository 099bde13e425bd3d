// Search of the loyalty add and register screens (§2.1: "The add screen takes loyaltyProgramId").
import { z } from 'zod';
import { loyaltyProvider } from '../../../contract/loyalty-providers';

export const loyaltyProgramSearch = z.object({ loyaltyProgramId: loyaltyProvider.optional().catch(undefined) });
