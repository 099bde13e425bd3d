// Change notifications: writers announce (topics.ts, inside their transaction); the hub (hub.ts) hears them and
// tells the event streams of this process (routes/events.ts) which order or station to reload.
export { type ChangeListener, createEventHub, type EventHub } from './hub';
export { announce, CHANNEL, orderTopic, stationTopic, type Topic, topicKey } from './topics';
