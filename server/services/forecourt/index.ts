// The simulated forecourt: pumps, EV connectors (OCPP-like) and wash bays as state machines (transitions.ts) whose
// meters advance from timestamps (meter.ts). Every change of a device goes through change-device.ts; these are its
// verbs, used alike by the orders, the console and the simulator. The forecourt never imports the orders: it reaches
// them through the hooks on the context (order-hooks.ts).

// The console's scope: one station
export { assertDeviceAtStation } from './assert-device-at-station';
// EV connectors
export { authorizeConnector } from './authorize-connector';
// Pumps
export { cancelCharging } from './cancel-charging';
export { cancelRelease } from './cancel-release';
// Reads: the console, the simulator
export { readMeter } from './change-device';
// Any device; a station's connection
export { clearFault } from './clear-fault';
// The console's sign-ins (FORECOURT_CONSOLE_TOKEN)
export { closeConsoleSession, isConsoleSession, openConsoleSession } from './console-sessions';
// For other areas
export { AMOUNT_PRECISION } from './constants';
export type { DeviceView } from './device-view';
// Wash bays
export { finishWash } from './finish-wash';
export { getConsoleStation } from './get-console-station';
export { hangUp } from './hang-up';
export { issueRedemptionCode } from './issue-redemption-code';
export { liftNozzle } from './lift-nozzle';
export { type ActiveDevice, listActiveDevices } from './list-active-devices';
export { listConsoleStations } from './list-console-stations';
export { amountFor, capReachedAt, connectorRateW, quantityCapFor } from './meter';
export type { OrderHooks } from './order-hooks';
export { pickIdleDevice } from './pick-idle-device';
export { plugConnector } from './plug-connector';
export { type RedeemedWashCode, redeemWashCode } from './redeem-wash-code';
export { releasePump } from './release-pump';
export { setChargerOffline } from './set-charger-offline';
export { setConnectorAvailable } from './set-connector-available';
export { setFault } from './set-fault';
export { setStationOnline } from './set-station-online';
export { settlePump } from './settle-pump';
export { startCharging } from './start-charging';
export { startFlow } from './start-flow';
export { startWash } from './start-wash';
export { stopCharging } from './stop-charging';
export { suspendCharging } from './suspend-charging';
export { INITIAL_STATE, productStatus, transition } from './transitions';
export { unplugConnector } from './unplug-connector';
