// The server's money precision (shared by the order services and the payment provider, neither of which owns it).

/**
 * Currency minor units are precision 2 for every currency the network uses: pump and charger amounts, a release's
 * maximum, and so the hold, capture and release of an order, are all at this precision.
 */
export const AMOUNT_PRECISION = 2;
