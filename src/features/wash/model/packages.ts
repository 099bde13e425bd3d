// The wash packages a driver can choose (pay-flows.md §2 /pay/postpay/wash, §5): "Wash packages are listed only when
// AVAILABLE and the first available item has a price", cheapest first. A station's bays sell the same packages: a
// package is listed once, from the first bay that sells it.

import { toDecimal } from '../../../../contract/money';
import type { Poi, Price } from '../../../../contract/stations';

export type WashPackage = {
  productId: string;
  itemCode: string;
  name: string;
  price: Price;
  descriptionLines: string[];
};

const isWash = (p: Poi['products'][number]) => p.facility === 'WASH' || p.type === 'CAR_WASH';

export function washPackages(station: Pick<Poi, 'products'>): WashPackage[] {
  const out: WashPackage[] = [];
  for (const product of station.products) {
    if (!isWash(product) || product.attributes.status !== 'AVAILABLE') continue;
    const items = product.attributes.availableItems;
    const first = items[0];
    if (!first || !(first.price > 0)) continue;
    for (const item of items) {
      if (!(item.price > 0) || out.some((p) => p.itemCode === item.itemCode)) continue;
      out.push({
        productId: product._id,
        itemCode: item.itemCode,
        name: item.marketingName,
        price: { amount: item.price, currency: item.currency, precision: item.precision },
        descriptionLines: item.descriptionLines ?? [],
      });
    }
  }
  // Cheapest first; equal prices keep the station's order.
  return out
    .map((p, index) => ({ p, index }))
    .sort(
      (a, b) =>
        toDecimal(a.p.price.amount, a.p.price.precision) - toDecimal(b.p.price.amount, b.p.price.precision) ||
        a.index - b.index,
    )
    .map(({ p }) => p);
}
