// The central system's records (server/ocpp is its transport): which charge points may connect, who holds each
// connection, connector statuses, the commands waiting to be sent. No order knowledge: the orders call in here
// (services/orders/ev-charging.ts), never the other way round.
export {
  announceChargePointChange,
  type Credentials,
  checkChargePoint,
  hashChargerPassword,
  isCurrentConnection,
  newChargerPassword,
  type PortLink,
  pokeChargePoint,
  portLinks,
  portStatus,
  productOfConnector,
  recordBoot,
  recordConnected,
  recordDisconnected,
  recordStatus,
  registerChargePoint,
  sweepDeadConnections,
  touchChargePoint,
} from './charge-points';
export {
  COMMAND_TTL_MS,
  claimCommands,
  expireCommands,
  finishCommand,
  type OcppCommandAction,
  queueCommand,
} from './commands';
