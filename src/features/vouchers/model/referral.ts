// Refer-a-friend rules of the app (shell-and-account.md §2.4, §4 Refer-a-friend, §9 Referral offer). Pure: the share
// step gets the browser's share/clipboard functions passed in.
import { REFERRAL_CODE_PATTERN } from '../../../../contract/vouchers';
import type { FieldError } from '../../../lib/validation';

/** A friend's code as typed: 8 letters and digits, any case, spaces around ignored. */
export function validateReferralCode(value: string): FieldError | null {
  const v = value.trim();
  if (!v) return { kind: 'required' };
  return REFERRAL_CODE_PATTERN.test(v) ? null : { kind: 'format' };
}

export type ShareData = { title: string; text: string; url: string };
export type ShareTools = {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  writeText?: (text: string) => Promise<void>;
};
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Share the code with the Web Share API where the browser has it, copy it otherwise (§2 "share with the Web Share API
 * where present, copy otherwise"). Closing the share sheet is a cancel, not a failure; a share that fails otherwise
 * falls back to copying.
 */
export async function shareReferral(data: ShareData, copyText: string, tools: ShareTools): Promise<ShareOutcome> {
  if (tools.share && (!tools.canShare || tools.canShare(data))) {
    try {
      await tools.share(data);
      return 'shared';
    } catch (err) {
      if (typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError')
        return 'cancelled';
    }
  }
  if (!tools.writeText) return 'failed';
  try {
    await tools.writeText(copyText);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The link a friend opens: the app's start, so they register there and enter the code on the refer page. */
export function referralLink(origin: string, code: string): string {
  const link = new URL('/register', origin);
  link.searchParams.set('referralCode', code);
  return link.toString();
}
