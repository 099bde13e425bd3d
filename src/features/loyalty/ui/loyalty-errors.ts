// Texts of the partner loyalty errors (shell-and-account.md §8: age, already enrolled, not enrolled, API error).

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LOYALTY_ERRORS } from '../../../../contract/loyalty';

export const LOYALTY_ERROR_TEXT: Record<string, MessageDescriptor> = {
  [LOYALTY_ERRORS.age]: msg`You must be at least 16 years old to join.`,
  [LOYALTY_ERRORS.alreadyEnrolled]: msg`You already have a card of this program.`,
  [LOYALTY_ERRORS.notEnrolled]: msg`This card is not enrolled yet. Create your account with the partner first.`,
  [LOYALTY_ERRORS.api]: msg`The partner could not be reached or refused the request. Please try again later.`,
  [LOYALTY_ERRORS.cardNumber]: msg`This card number has not the format of the program.`,
};
