// Meter arithmetic of the simulated forecourt: quantities advance from timestamps (restart-safe) and amounts are
// rounded down. Pure functions.
import { atPrecision } from '../../../contract/money';
import type { DeviceRow } from '../../db/schema';
import { AMOUNT_PRECISION, BATTERY_CAP_WH, TANK_CAP_ML } from './constants';

/**
 * Amount in currency minor units for a quantity in thousandths (ml of a litre price, Wh of a kWh price), rounded down.
 * 1000 ml at 1789 (precision 3) = 178 cents.
 */
export function amountFor(quantityMilli: number, unitPrice: number, precision: number): number {
  return atPrecision(quantityMilli * unitPrice, precision + 3, AMOUNT_PRECISION);
}

/** The largest quantity (thousandths) whose amount does not exceed maxAmount. */
export function quantityCapFor(maxAmount: number, unitPrice: number, precision: number): number {
  if (unitPrice <= 0) return Number.MAX_SAFE_INTEGER;
  const divisor = 10 ** (precision + 3 - AMOUNT_PRECISION);
  const cap = Math.ceil(((maxAmount + 1) * divisor) / unitPrice) - 1;
  return Math.max(0, cap);
}

export type MeterInput = Pick<DeviceRow, 'kind' | 'rate' | 'meterBase' | 'meterAt'>;

/** rate units per meter unit and second: pumps run in ml/s, connectors in W (= Wh per 3600 s). */
const perSecond = (kind: DeviceRow['kind']) => (kind === 'CONNECTOR' ? 3600 : 1);

/** The quantity cap of a running meter: the prepaid maximum, the driver's own target, a tank/battery. */
export function meterCap(
  kind: 'PUMP' | 'CONNECTOR' | 'WASH',
  device: Pick<DeviceRow, 'maxAmount' | 'target'>,
  unit: { price: number; precision: number } | undefined,
): number {
  let cap = kind === 'CONNECTOR' ? BATTERY_CAP_WH : TANK_CAP_ML;
  if (device.target !== null) cap = Math.min(cap, device.target);
  if (device.maxAmount !== null && unit)
    cap = Math.min(cap, quantityCapFor(device.maxAmount, unit.price, unit.precision));
  return cap;
}

/** Meter reading at `now`: base + rate x simulated seconds, capped. speed = simulated seconds per real second. */
export function meterAt(device: MeterInput, now: Date, speed: number, cap: number): number {
  let value = device.meterBase;
  if (device.rate > 0 && device.meterAt) {
    const simSeconds = (Math.max(0, now.getTime() - device.meterAt.getTime()) / 1000) * speed;
    value += Math.floor((device.rate * simSeconds) / perSecond(device.kind));
  }
  return Math.min(value, Math.max(cap, device.meterBase));
}

/** When (real time) a running meter reaches its cap, or undefined when it is not running. */
export function capReachedAt(device: MeterInput, speed: number, cap: number): Date | undefined {
  if (device.rate <= 0 || !device.meterAt) return undefined;
  const simSeconds = (Math.max(0, cap - device.meterBase) * perSecond(device.kind)) / device.rate;
  return new Date(device.meterAt.getTime() + (simSeconds * 1000) / speed);
}

/** Rate of a connector in W (the item's power in kW). */
export const connectorRateW = (powerKw: number | undefined) => Math.round((powerKw ?? 11) * 1000);
