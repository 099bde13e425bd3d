// The wire form of a history event (contract `historyEvent`) from its rows. Pure.
import type { CostCategory, HistoryEvent, ImageInfo } from '../../../contract/history';
import { mlToFuelQuantity } from '../../../contract/history';
import type { Currency } from '../../../contract/stations';
import type { HistoryCostRow, HistoryEventRow, HistoryTripRow, historyPayments } from '../../db/schema';

export type ImageJson = { id: string; contentType: string; size: number; createdAt: string | Date };

export type EventRows = {
  event: HistoryEventRow;
  cost: HistoryCostRow | null;
  payment: typeof historyPayments.$inferSelect | null;
  trip: HistoryTripRow | null;
  images: ImageJson[];
  mergedFrom: string[];
};

const iso = (d: Date | string) => new Date(d).toISOString();

export function toEventJson(rows: EventRows): HistoryEvent {
  const { event, cost, payment, trip } = rows;
  return {
    _id: event.id,
    type: event.type,
    thingId: event.thingId,
    sampleTime: iso(event.sampleTime),
    triggerEventTypeAtSource: event.source,
    cost:
      event.type === 'COST' && cost
        ? {
            category: event.category as CostCategory,
            price: event.amountDeciCents ?? 0,
            currency: event.currency as Currency,
            recurrencePeriod: cost.recurrencePeriod,
            seriesId: cost.seriesId,
            name: cost.name,
            notes: cost.notes,
            fuelQuantity: event.fuelMl === null ? null : mlToFuelQuantity(event.fuelMl),
            odometer: event.odometerM,
            tankFull: event.tankFull,
          }
        : null,
    payment:
      event.type === 'PAYMENT' && payment
        ? {
            ...payment.details,
            productType: (event.productType ?? 'GAS') as 'GAS',
            category: event.category as CostCategory,
            odometer: event.odometerM,
            tankFull: event.tankFull,
          }
        : null,
    trip:
      event.type === 'TRIP' && trip
        ? {
            distanceM: trip.distanceM,
            drivingScore: trip.drivingScore,
            startAddress: trip.startAddress,
            endAddress: trip.endAddress,
            startLocation:
              trip.startLat === null || trip.startLon === null
                ? null
                : { latitude: trip.startLat, longitude: trip.startLon },
            endLocation:
              trip.endLat === null || trip.endLon === null ? null : { latitude: trip.endLat, longitude: trip.endLon },
            timeliness: {
              startTime: iso(event.sampleTime),
              endTime: iso(trip.endTime),
              durationS: Math.max(0, Math.round((trip.endTime.getTime() - event.sampleTime.getTime()) / 1000)),
            },
            isResultOfMerge: trip.isResultOfMerge,
            mergedFrom: rows.mergedFrom,
          }
        : null,
    images: rows.images.map(
      (i): ImageInfo => ({
        _id: i.id,
        contentType: i.contentType as ImageInfo['contentType'],
        size: i.size,
        createdAt: iso(i.createdAt),
      }),
    ),
    createdAt: iso(event.createdAt),
    updatedAt: iso(event.updatedAt),
  };
}
