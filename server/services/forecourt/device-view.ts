// What the console sees of a device: state, status, meter and session.
import type { AppContext } from '../../context';
import type { DeviceRow, StationProductRow } from '../../db/schema';
import { readMeter, unitOf } from './change-device';
import { type ProductStatus, productStatus } from './transitions';

export type DeviceView = {
  productId: string;
  name: string;
  kind: DeviceRow['kind'];
  state: string;
  status: ProductStatus;
  driver: DeviceRow['driver'];
  itemCode: string | null;
  itemName: string | null;
  /** ml (pump) or Wh (connector); 0 for a wash bay. */
  quantity: number;
  unit: 'ml' | 'Wh' | null;
  /** Currency minor units (precision 2), rounded down. */
  amount: number;
  currency: string | null;
  maxAmount: number | null;
  /** The meter stopped at the prepaid maximum (or the driver's own target). */
  capped: boolean;
  plugged: boolean;
  authorized: boolean;
  /** Busy for an app order (which one is not shown: the console may be open to anyone in DEMO_MODE). */
  forOrder: boolean;
  sessionId: string | null;
  powerKw: number | null;
  changedAt: string;
  /** A charger's OCPP side (the console's list of connections): set by getConsoleStation. */
  ocpp?: ChargerConnection;
};

export type ChargerConnection = {
  chargePointId: string | null;
  /** A charge point is connected for this port now; builtin: it is the built-in simulated one. */
  connected: boolean;
  builtin: boolean;
  /** The status the charge point last reported. */
  status: string | null;
  lastSeenAt: string | null;
  /** The built-in charge point's network cable is out (the console's Disconnect). */
  cableOut: boolean;
};

/** The device as it is now (or at `now`): a verb's result, or a row read with its product. */
export function deviceView({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { device: DeviceRow; product: StationProductRow; stationOnline: boolean; now?: Date };
}): DeviceView {
  const { device, product, stationOnline, now = ctx.clock.now() } = input;
  const meter = readMeter(device, product, now, ctx.env.forecourt.speed);
  const unit = unitOf(product, device.itemCode);
  const item = product.items.find((i) => i.itemCode === unit?.itemCode);
  return {
    productId: device.productId,
    name: product.name,
    kind: device.kind,
    state: device.state,
    status: productStatus(device.state, stationOnline),
    driver: device.driver,
    itemCode: device.itemCode,
    itemName: device.itemCode ? (item?.marketingName ?? null) : null,
    quantity: device.kind === 'WASH' ? 0 : meter.quantity,
    unit: device.kind === 'PUMP' ? 'ml' : device.kind === 'CONNECTOR' ? 'Wh' : null,
    amount: device.kind === 'WASH' ? 0 : meter.amount,
    currency: unit?.currency ?? null,
    maxAmount: device.maxAmount,
    capped: device.rate > 0 && meter.quantity >= meter.cap,
    plugged: device.plugged,
    authorized: device.authorized,
    forOrder: device.orderId !== null,
    sessionId: device.sessionId,
    powerKw: product.items[0]?.details?.power ?? null,
    changedAt: device.stateChangedAt.toISOString(),
  };
}
