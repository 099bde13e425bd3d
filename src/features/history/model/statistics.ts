// The transactions overview's figures from the expenses call (§2.4, §9 statistics periods): the main currency, the
// months of the period with their spend and litres, the categories by size. Pure.
import type { CostCategory, Expenses } from '../../../../contract/history';

/** The currency the driver spent most in (the charts show one currency; the totals list every one). */
export function mainCurrency(stats: Expenses): string | null {
  return [...stats.totals].sort((a, b) => b.amount - a.amount)[0]?.currency ?? null;
}

/** Every month from start to end ("YYYY-MM", UTC like the server's), with the spend in `currency` and the litres. */
export function monthSeries(
  stats: Expenses,
  currency: string,
): Array<{ month: string; amount: number; fuelMl: number }> {
  const start = new Date(stats.startDate);
  const end = new Date(stats.endDate);
  const months: string[] = [];
  const last = end.getUTCFullYear() * 12 + end.getUTCMonth();
  for (let n = start.getUTCFullYear() * 12 + start.getUTCMonth(); n <= last; n++) {
    months.push(`${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`);
  }
  return months.map((month) => ({
    month,
    amount: stats.byMonth.filter((r) => r.month === month && r.currency === currency).reduce((s, r) => s + r.amount, 0),
    fuelMl: stats.fuelByMonth.find((r) => r.month === month)?.fuelMl ?? 0,
  }));
}

export function categoriesBySize(stats: Expenses, currency: string): Array<{ category: CostCategory; amount: number }> {
  return stats.byCategory
    .filter((r) => r.currency === currency && r.amount > 0)
    .map(({ category, amount }) => ({ category, amount }))
    .sort((a, b) => b.amount - a.amount);
}
