// Figures of the simulated forecourt.

/**
 * Currency minor units are precision 2 for every currency the network uses: pump and charger amounts, a release's
 * maximum, and so the hold, capture and release of an order, are all at this precision.
 */
export const AMOUNT_PRECISION = 2;

/** Simulated pump flow: 0.5-0.7 l/s. */
export const MIN_FLOW_ML_S = 500;
export const MAX_FLOW_ML_S = 700;
/** A manual fill (no prepaid maximum, no target) stops at a large tank: 150 l. */
export const TANK_CAP_ML = 150_000;
/** A charge without a limit stops at a large battery: 120 kWh. */
export const BATTERY_CAP_WH = 120_000;
