// Figures of the simulated forecourt.

export { AMOUNT_PRECISION } from '../../money';

/** Simulated pump flow: 0.5-0.7 l/s. */
export const MIN_FLOW_ML_S = 500;
export const MAX_FLOW_ML_S = 700;
/** A manual fill (no prepaid maximum, no target) stops at a large tank: 150 l. */
export const TANK_CAP_ML = 150_000;
/** A charge without a limit stops at a large battery: 120 kWh. */
export const BATTERY_CAP_WH = 120_000;
