// The offline store: the one Dexie class (only src/db touches IndexedDB; features reach their tables through their
// store.ts, screens read through useLiveQuery). Dexie owns what a driver keeps; react-query's persisted cache only
// shows the last server snapshot at start (ARCHITECTURE.md "One owner per offline datum").
import Dexie, { type EntityTable } from 'dexie';
import type { HistoryEvent } from '../../contract/history';
import type { Order } from '../../contract/orders';
import type { Poi } from '../../contract/stations';
import type { Thing } from '../../contract/vehicles';
import { APP_DB_NAME } from './name';

export type StoredReceipt = {
  /** The order id. */
  id: string;
  /** When the receipt was stored (epoch ms), for "the last receipts". */
  storedAt: number;
  /** Whose receipt it is: a shared phone lists each driver only their own. */
  userId?: string;
  order: Order;
  station: { name: string; brand: string; address: string } | null;
  pumpName: string | null;
};

export type OutboxEntry = {
  /** Position in the queue: writes go out in the order they were made. */
  seq?: number;
  /** The client id of the write; the server treats it as the idempotency key, so a repeat is harmless. */
  id: string;
  /** Which write (a registered sender, e.g. 'profile.setPreferredThing'). */
  kind: string;
  variables: unknown;
  createdAt: number;
  /** Failed sends so far (no answer or a server error); a refusal (4xx) drops the entry instead. */
  attempts: number;
  /** Whose write it is: after a logout another driver's writes are not sent with the new session. */
  userId: string | null;
};

export type StoredHistoryEvent = {
  /** The event id; `local-<client id>` for a cost made without signal that waits in the outbox. */
  id: string;
  userId: string;
  /** Epoch ms of event.sampleTime: the list's order. */
  time: number;
  event: HistoryEvent;
  /** Made on this device and not sent yet. */
  pending?: boolean;
  /** The image attached to a pending cost, kept until it is sent. */
  pendingImage?: { bytes: ArrayBuffer; type: string };
};

export type HistorySync = {
  /** userId + the filter's key. */
  id: string;
  /** When the server's first page of this list was last fetched (epoch ms). */
  syncedAt: number;
};

export type KeptStation = {
  /** The station id. */
  id: string;
  latitude: number;
  longitude: number;
  /** When the server answered with it (epoch ms): the map shows kept stations with this age. */
  fetchedAt: number;
  poi: Poi;
};

export type StoredWashTicket = {
  /** The redemption code's id. */
  id: string;
  orderId: string;
  /** Whose code it is: a shared phone lists each driver only their own. */
  userId: string | null;
  /** What the wash terminal's keypad takes. */
  code: string;
  /** What the QR carries (the order's additionalDisplay of type QR): the app draws it, also without signal. */
  qrPayload: string;
  /** ISO time. */
  expirationDate: string;
  isRedeemed: boolean;
  packageName: string | null;
  descriptionLines: string[];
  /** The package's price. */
  amount: { amount: number; currency: string; precision: number } | null;
  /** The wash bay's product name. */
  bayName: string | null;
  station: { name: string; brand: string; address: string } | null;
  /** When the code was bought (ISO, the order's acquisition). */
  purchasedAt: string;
  /** When it was first kept here (epoch ms). */
  storedAt: number;
  /** When the driver marked it used on this device (epoch ms); the server's mark has no time. */
  usedAt?: number;
  /** Marked used here, and the mark still waits in the outbox. */
  redeemPending?: boolean;
};

export type StoredVehicle = {
  /** The vehicle (thing) id. */
  id: string;
  /** Whose vehicle it is: a shared phone lists each driver only their own. */
  userId: string;
  /** Position in the server's list (oldest first). */
  order: number;
  thing: Thing;
};

export type StoredOngoingOrder = {
  /** The order id. */
  id: string;
  /** Whose order it is: a shared phone shows each driver only their own. */
  userId: string;
  order: Order;
  station: { name: string; brand: string; address: string } | null;
  /** When the server last answered with this order (epoch ms): offline, the banner says it is the last known. */
  fetchedAt: number;
  /** The stage at which the driver dismissed its banner (features/orders/resume/model): it comes back at the next. */
  dismissedPhase?: string;
};

class ForecourtDb extends Dexie {
  /** Receipts of recent orders: the finish page and the recent-receipts list open them without signal. */
  receipts!: EntityTable<StoredReceipt, 'id'>;
  /** Writes made without signal, waiting to be sent once, in order (db/outbox.ts). */
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  /** The driver's logbook (history events): the history list and detail open from here without signal. */
  historyEvents!: EntityTable<StoredHistoryEvent, 'id'>;
  /** When each history list was last synced with the server ("last synced"). */
  historySync!: EntityTable<HistorySync, 'id'>;
  /** Stations the map has seen (the last searches), with their prices: the map and list show them without signal. */
  mapStations!: EntityTable<KeptStation, 'id'>;
  /** Car wash codes the driver bought: the wash finish and the wash tickets screens open them without signal. */
  washTickets!: EntityTable<StoredWashTicket, 'id'>;
  /** The driver's vehicles (issue 13): the vehicle list opens without signal. */
  vehicles!: EntityTable<StoredVehicle, 'id'>;
  /** The driver's running orders as GET v4/ongoing-orders last told (issue 33.4): the banner shows them offline too. */
  ongoingOrders!: EntityTable<StoredOngoingOrder, 'id'>;

  constructor(name = APP_DB_NAME) {
    super(name);
    this.version(1).stores({ receipts: 'id, storedAt' });
    this.version(2).stores({ receipts: 'id, storedAt', outbox: '++seq, &id, kind' });
    this.version(3).stores({
      receipts: 'id, storedAt',
      outbox: '++seq, &id, kind',
      historyEvents: 'id, [userId+time]',
      historySync: 'id',
    });
    this.version(4).stores({
      receipts: 'id, storedAt',
      outbox: '++seq, &id, kind',
      historyEvents: 'id, [userId+time]',
      historySync: 'id',
      mapStations: 'id, latitude, fetchedAt',
    });
    this.version(5).stores({
      receipts: 'id, storedAt',
      outbox: '++seq, &id, kind',
      historyEvents: 'id, [userId+time]',
      historySync: 'id',
      mapStations: 'id, latitude, fetchedAt',
      washTickets: 'id, orderId, storedAt',
    });
    this.version(6).stores({
      receipts: 'id, storedAt',
      outbox: '++seq, &id, kind',
      historyEvents: 'id, [userId+time]',
      historySync: 'id',
      mapStations: 'id, latitude, fetchedAt',
      washTickets: 'id, orderId, storedAt',
      vehicles: 'id, userId',
    });
    this.version(7).stores({
      receipts: 'id, storedAt',
      outbox: '++seq, &id, kind',
      historyEvents: 'id, [userId+time]',
      historySync: 'id',
      mapStations: 'id, latitude, fetchedAt',
      washTickets: 'id, orderId, storedAt',
      vehicles: 'id, userId',
      ongoingOrders: 'id, userId',
    });
  }
}

export type { ForecourtDb };

export const db = new ForecourtDb();

/** A separate database (tests: one per simulated device). */
export function openDb(name: string): ForecourtDb {
  return new ForecourtDb(name);
}
