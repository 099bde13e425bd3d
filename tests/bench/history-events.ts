// The bench driver's logbook: three years of trips, payments and costs (history.bench.tsx, history-browser.tsx).
import type { HistoryEvent } from '../../contract/history';

export const USER = 'bench-driver';
export const THING = 'bench-car';
const DAY = 86_400_000;

/** A driver's three years: mostly trips, a payment every few days, costs in between; another driver's rows too. */
export function makeEvent(i: number, now: number, events: number, userShare = 1): HistoryEvent {
  const time = new Date(now - Math.floor((i * 3 * 365 * DAY) / (events * userShare)) - (i % 7) * 3_600_000);
  const iso = time.toISOString();
  const base = {
    _id: `e${i}`,
    thingId: i % 5 === 0 ? null : THING,
    sampleTime: iso,
    images: [],
    createdAt: iso,
    updatedAt: iso,
  };
  const kind = i % 20;
  if (kind < 12) {
    return {
      ...base,
      type: 'TRIP',
      triggerEventTypeAtSource: 'TRIP_RECORDER',
      cost: null,
      payment: null,
      trip: {
        distanceM: 2_000 + ((i * 7_919) % 80_000),
        drivingScore: 60 + (i % 40),
        startAddress: 'Hauptstraße 1, Hamburg',
        endAddress: `Elbchaussee ${i % 200}, Hamburg`,
        startLocation: { latitude: 53.55, longitude: 9.99 },
        endLocation: { latitude: 53.54, longitude: 9.9 },
        timeliness: { startTime: iso, endTime: new Date(time.getTime() + 1_800_000).toISOString(), durationS: 1_800 },
        isResultOfMerge: false,
        mergedFrom: [],
      },
    } as HistoryEvent;
  }
  if (kind < 17) {
    const cents = 3_000 + ((i * 131) % 7_000);
    return {
      ...base,
      type: 'PAYMENT',
      triggerEventTypeAtSource: 'ORDER',
      cost: null,
      trip: null,
      payment: {
        orderId: `o${i}`,
        productType: kind === 16 ? 'CAR_WASH' : 'FUEL',
        category: kind === 16 ? 'CAR_WASH' : 'FUEL_TOP_UP',
        poiId: 'fc2760000000000000010000',
        stationName: 'Nordwind Tankstelle Hamburg',
        stationBrand: 'Nordwind',
        stationAddress: 'Süderstraße 12, Hamburg',
        countryCode: 'DE',
        pump: String(1 + (i % 8)),
        fuelName: 'Super E10',
        unitPrice: { amount: 1_799, currency: 'EUR', precision: 3 },
        quantity: Math.round(cents / 1.799) / 100,
        unit: 'LTR',
        amount: { amount: cents, currency: 'EUR', precision: 2 },
        discounts: [],
        total: { amount: cents, currency: 'EUR', precision: 2 },
        paymentMethod: { brand: 'VISA', last4: '4242' },
        odometer: 40_000_000 + i * 1_000,
        tankFull: true,
        ev: null,
        wash: null,
        giftCard: null,
      },
    } as HistoryEvent;
  }
  return {
    ...base,
    type: 'COST',
    triggerEventTypeAtSource: 'MANUAL',
    payment: null,
    trip: null,
    cost: {
      category: (['INSURANCE', 'PARKING', 'REPAIR'] as const)[i % 3] ?? 'PARKING',
      price: 12_000 + ((i * 977) % 300_000),
      currency: 'EUR',
      recurrencePeriod: 'NEVER',
      seriesId: null,
      name: i % 2 ? 'Parkhaus Innenstadt' : null,
      notes: i % 4 ? null : 'Beleg im Handschuhfach; "Original"',
      fuelQuantity: null,
      odometer: null,
      tankFull: null,
    },
  } as HistoryEvent;
}
