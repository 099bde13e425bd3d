// Which saved methods and wallets a station takes (pay-flows.md §5): one rule for the list's isSupportedPOI and
// for every authorize (prepay, postpay, wash, EV, gift card). The server's; the app's checkout model reads the same
// sentence of the spec (features/checkout/model/checkout.ts).
/** pay-flows.md §5: "MAESTRO and AMERICAN_EXPRESS count as direct credit in the station's methods". */
export function stationMethods(means: readonly string[]): Set<string> {
  const set = new Set(
    means.map((m) => (m === 'MAESTRO' || m === 'AMERICAN_EXPRESS' || m === 'AMEX' ? 'DIRECT_CREDIT' : m)),
  );
  // A card registered as CREDIT_CARD is a card too: a station that takes cards takes it (as the app's checkout model).
  if (set.has('DIRECT_CREDIT')) set.add('CREDIT_CARD');
  return set;
}

/** Does a station with these accepted means take this method (a saved method's type, a wallet by its method)? */
export function stationAccepts(means: readonly string[], method: string): boolean {
  return stationMethods(means).has(method);
}
