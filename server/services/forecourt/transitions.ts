// The device state machines of the simulated forecourt: one table per device kind. A move not in the table is
// refused (409 conflict). Pure: no database, no clock.
import type { DeviceKind } from '../../db/schema';
import { DomainError } from '../../errors';

const PUMP_STATES = ['IDLE', 'RELEASED', 'NOZZLE_LIFTED', 'DISPENSING', 'HUNG_UP', 'FAULT', 'OUT_OF_ORDER'] as const;
/** OCPP 1.6 ChargePointStatus values we simulate. */
const CONNECTOR_STATES = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEV',
  'Finishing',
  'Faulted',
  'Unavailable',
] as const;
const WASH_STATES = ['IDLE', 'WASHING', 'FAULT'] as const;

type PumpState = (typeof PUMP_STATES)[number];
type ConnectorState = (typeof CONNECTOR_STATES)[number];
type WashState = (typeof WASH_STATES)[number];

type PumpEvent =
  | 'release'
  | 'cancelRelease'
  | 'lift'
  | 'startFlow'
  | 'hangUp'
  | 'settle'
  | 'fault'
  | 'outOfOrder'
  | 'clearFault';
type ConnectorEvent =
  | 'plug'
  | 'authorize'
  | 'startCharging'
  | 'suspend'
  | 'resume'
  | 'stopCharging'
  | 'unplug'
  | 'cancel'
  | 'fault'
  | 'clearFault'
  | 'disable'
  | 'enable';
type WashEvent = 'startWash' | 'finishWash' | 'fault' | 'clearFault';
export type DeviceEvent = PumpEvent | ConnectorEvent | WashEvent;

const PUMP: Record<PumpState, Partial<Record<PumpEvent, PumpState>>> = {
  IDLE: { release: 'RELEASED', lift: 'NOZZLE_LIFTED', fault: 'FAULT', outOfOrder: 'OUT_OF_ORDER' },
  RELEASED: { lift: 'NOZZLE_LIFTED', cancelRelease: 'IDLE', fault: 'FAULT', outOfOrder: 'OUT_OF_ORDER' },
  NOZZLE_LIFTED: { startFlow: 'DISPENSING', hangUp: 'HUNG_UP', fault: 'FAULT', outOfOrder: 'OUT_OF_ORDER' },
  DISPENSING: { hangUp: 'HUNG_UP', fault: 'FAULT', outOfOrder: 'OUT_OF_ORDER' },
  HUNG_UP: { settle: 'IDLE', fault: 'FAULT', outOfOrder: 'OUT_OF_ORDER' },
  FAULT: { clearFault: 'IDLE', outOfOrder: 'OUT_OF_ORDER' },
  OUT_OF_ORDER: { clearFault: 'IDLE' },
};

const CONNECTOR: Record<ConnectorState, Partial<Record<ConnectorEvent, ConnectorState>>> = {
  Available: { plug: 'Preparing', authorize: 'Preparing', fault: 'Faulted', disable: 'Unavailable' },
  // Preparing: plugged in and/or authorized; charging starts once both are true.
  Preparing: {
    plug: 'Preparing',
    authorize: 'Preparing',
    startCharging: 'Charging',
    unplug: 'Available',
    cancel: 'Available',
    fault: 'Faulted',
    disable: 'Unavailable',
  },
  Charging: { suspend: 'SuspendedEV', stopCharging: 'Finishing', unplug: 'Available', fault: 'Faulted' },
  SuspendedEV: { resume: 'Charging', stopCharging: 'Finishing', unplug: 'Available', fault: 'Faulted' },
  Finishing: { unplug: 'Available', fault: 'Faulted' },
  Faulted: { clearFault: 'Available', disable: 'Unavailable' },
  Unavailable: { enable: 'Available' },
};

const WASH: Record<WashState, Partial<Record<WashEvent, WashState>>> = {
  IDLE: { startWash: 'WASHING', fault: 'FAULT' },
  WASHING: { finishWash: 'IDLE', fault: 'FAULT' },
  FAULT: { clearFault: 'IDLE' },
};

const TABLES: Record<DeviceKind, Record<string, Partial<Record<string, string>>>> = {
  PUMP,
  CONNECTOR,
  WASH,
};

export const INITIAL_STATE: Record<DeviceKind, string> = { PUMP: 'IDLE', CONNECTOR: 'Available', WASH: 'IDLE' };

/** The next state, or undefined when the table has no such move. */
function nextState(kind: DeviceKind, state: string, event: DeviceEvent): string | undefined {
  return TABLES[kind][state]?.[event];
}

/** The next state; throws 409 conflict for an illegal move. */
export function transition(kind: DeviceKind, state: string, event: DeviceEvent): string {
  const next = nextState(kind, state, event);
  if (next === undefined) {
    throw new DomainError(
      'conflict',
      'conflict',
      `${event} is not possible while the ${kind.toLowerCase()} is ${state}`,
      {
        state,
        event,
      },
    );
  }
  return next;
}

/** States in which the simulator has work to do (metering, a driver's next step). */
export const ACTIVE_STATES = [
  'RELEASED',
  'NOZZLE_LIFTED',
  'DISPENSING',
  'HUNG_UP',
  'Preparing',
  'Charging',
  'SuspendedEV',
  'Finishing',
  'WASHING',
];

export type ProductStatus = 'AVAILABLE' | 'IN_USE' | 'OUT_OF_ORDER' | 'UNAVAILABLE';

/** The product status the app sees (pay-flows.md §5: only AVAILABLE is selectable). */
export function productStatus(state: string | undefined, stationOnline: boolean): ProductStatus {
  if (!stationOnline) return 'UNAVAILABLE';
  if (state === undefined) return 'AVAILABLE';
  if (state === 'IDLE' || state === 'Available') return 'AVAILABLE';
  if (state === 'FAULT' || state === 'OUT_OF_ORDER' || state === 'Faulted') return 'OUT_OF_ORDER';
  if (state === 'Unavailable') return 'UNAVAILABLE';
  return 'IN_USE';
}
