// Demo data: the station network, the demo driver with a vehicle and the sandbox test cards. Idempotent.
export { seedDemoUser } from './seed-demo-user';
export { seedDemoWallet } from './seed-demo-wallet';
export { seedNetwork } from './seed-network';
