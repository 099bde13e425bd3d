// The pump (and fuel) chosen in the prepay flow, from the query: productId and fuelTypeId on the polled station.
import type { Query } from '../../../../app/query-carry';
import { useStation } from '../../-components/use-station';

export function useChosenPump(query: Query & { pid?: string; productId?: string; fuelTypeId?: string }) {
  const { station, ...rest } = useStation(query.pid ?? '', query);
  const pump = station?.products.find((p) => p._id === query.productId);
  const item = pump?.attributes.availableItems.find((i) => i.itemCode === query.fuelTypeId);
  return { station, pump, item, ...rest };
}
