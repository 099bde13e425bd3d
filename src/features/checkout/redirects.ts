// The pages the summary leaves for and comes back from (pay-flows.md §4): the card issuer's 3-D Secure page, and
// Amazon Pay's. What must survive the round trip is kept in session storage (this tab only).

/** The issuer's page the driver was last sent to: coming back to a summary that still points there is no new visit. */
const CHALLENGE_LEFT_FOR = 'forecourt-challenge-left-for';
/** The method chosen before Amazon Pay took the driver away: restored on a cancelled return (§4 Amazon return). */
const AMAZON_RESTORE_KEY = 'rydPaySDK-amazonRestoreMethod';

export function visitChallenge(start: string): void {
  try {
    sessionStorage.setItem(CHALLENGE_LEFT_FOR, start);
  } catch {
    // Storage refused (private mode): the summary may send the driver to the page once more; nothing is paid twice.
  }
  window.location.assign(start);
}

export function leftForChallenge(): string | null {
  try {
    return sessionStorage.getItem(CHALLENGE_LEFT_FOR);
  } catch {
    return null;
  }
}

export function keepMethodForAmazon(methodId: string): void {
  sessionStorage.setItem(AMAZON_RESTORE_KEY, methodId);
}

/** The method kept before Amazon Pay, once: the flag leaves storage as it is read. */
export function takeMethodKeptForAmazon(): string | null {
  const restore = sessionStorage.getItem(AMAZON_RESTORE_KEY);
  sessionStorage.removeItem(AMAZON_RESTORE_KEY);
  return restore;
}
