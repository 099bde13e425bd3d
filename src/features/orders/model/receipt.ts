// What a receipt shows that is derived from the order (pay-flows.md §2 Finish: "Receipt: time, …").
import type { Order } from '../../../../contract/orders';

/** The receipt's time: when the product was acquired (the nozzle hung up), else the order's last change. */
export function receiptTime(order: Pick<Order, 'stateHistory' | 'updatedAt'>): string {
  return order.stateHistory.find((entry) => entry.state === 'PRODUCT_ACQUIRED')?.createdAt ?? order.updatedAt;
}

export type StationSummary = { name: string; brand: string; address: string };

/** "{street} {houseNumber}, {zip} {city}" of a station, as kept with the receipt. */
export function stationSummary(station: {
  name: string;
  brand: string;
  location: { address: { street: string; houseNumber?: string | null; zip: string; city: string } };
}): StationSummary {
  const a = station.location.address;
  const street = [a.street, a.houseNumber].filter(Boolean).join(' ');
  return { name: station.name, brand: station.brand, address: `${street}, ${a.zip} ${a.city}` };
}
