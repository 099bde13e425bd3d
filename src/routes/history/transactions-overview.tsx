import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { fromDeciCents } from '../../../contract/money';
import { overviewSearch, STATISTICS_PERIODS } from '../../features/history/model/search';
import { categoriesBySize, mainCurrency, monthSeries } from '../../features/history/model/statistics';
import { consumptionQuery, expensesQuery } from '../../features/history/queries';
import { CATEGORY_LABELS, formatKm, PERIOD_LABELS } from '../../features/history/ui/labels';
import { useVehicles } from '../../features/history/ui/use-vehicles';
import { errorText } from '../../i18n/messages';
import { formatMoney } from '../../lib/money';
import { ChipGroup, chipClass, EmptyState, Loading, Notice, Page, Section, Skeleton } from '../../ui';
import { CarIcon } from '../../ui/icons';
import '../../features/history/ui/history.css';

const ExpenseCharts = lazy(() => import('../../features/history/ui/ExpenseCharts'));

export const Route = createFileRoute('/history/transactions-overview')({
  validateSearch: overviewSearch,
  component: Overview,
});

/** §2.4 Transactions overview: what the vehicle cost in 1 month, 6 months or 1 year. */
function Overview() {
  const { i18n } = useLingui();
  const search = Route.useSearch();
  const period = search.period ?? '1m';
  const { userId, vehicles } = useVehicles();
  const thingId = search.vehicle ?? vehicles[0]?.id ?? null;
  const stats = useQuery({ ...expensesQuery(thingId ?? '', period), enabled: !!thingId });
  // Consumption and fuel cost per 100 km from full fill to full fill, partial fills summed (as Spritmonitor does).
  const fuel = useQuery({ ...consumptionQuery(userId ?? '', thingId ?? '', period), enabled: !!thingId && !!userId });
  const locale = i18n.locale;
  const number = (n: number, digits = 1) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
  const data = stats.data;
  const currency = data ? mainCurrency(data) : null;
  const money = (deci: number, c = currency ?? 'EUR') => formatMoney(fromDeciCents(deci, c), locale);
  const months = data && currency ? monthSeries(data, currency) : [];
  const categories = data && currency ? categoriesBySize(data, currency) : [];
  const largest = categories[0]?.amount ?? 1;
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });

  return (
    <Page title={<Trans>Statistics</Trans>}>
      <ChipGroup label={i18n._(msg`Period`)}>
        {STATISTICS_PERIODS.map((p) => (
          <Link
            key={p}
            to="/history/transactions-overview"
            search={(prev) => ({ ...prev, period: p })}
            replace
            activeOptions={{ includeSearch: true }}
            className={chipClass({ selected: p === period })}
          >
            {i18n._(PERIOD_LABELS[p])}
          </Link>
        ))}
      </ChipGroup>
      {!thingId ? (
        <EmptyState icon={<CarIcon size={32} />} title={<Trans>Add a vehicle to see what it costs</Trans>} />
      ) : stats.isPending ? (
        <Loading label={i18n._(msg`Loading the statistics`)}>
          <Skeleton height="12rem" />
        </Loading>
      ) : stats.isError ? (
        <Notice tone="danger" live="alert">
          {errorText(i18n, stats.error)}
        </Notice>
      ) : data ? (
        <>
          <dl className="history-stats">
            <div className="history-stat">
              <dt>
                <Trans>Total spent</Trans>
              </dt>
              <dd>{data.totals.length ? data.totals.map((t) => money(t.amount, t.currency)).join(' · ') : money(0)}</dd>
            </div>
            <div className="history-stat">
              <dt>
                <Trans>Fuel</Trans>
              </dt>
              <dd>{number(data.fuelMl / 1000)} l</dd>
            </div>
            <div className="history-stat">
              <dt>
                <Trans>Distance</Trans>
              </dt>
              <dd>{data.distanceM === null ? '–' : formatKm(data.distanceM, locale)}</dd>
            </div>
            <div className="history-stat">
              <dt>
                <Trans>Cost per 100 km</Trans>
              </dt>
              <dd>{data.costPer100Km[0] ? money(data.costPer100Km[0].amount, data.costPer100Km[0].currency) : '–'}</dd>
            </div>
            <div className="history-stat">
              <dt>
                <Trans>Cost per km</Trans>
              </dt>
              <dd>
                {data.costPerKm[0]
                  ? formatMoney(fromDeciCents(data.costPerKm[0].amount * 10, data.costPerKm[0].currency), locale)
                  : '–'}
              </dd>
            </div>
            <div className="history-stat">
              <dt>
                <Trans>Consumption</Trans>
              </dt>
              <dd>{fuel.data?.litresPer100Km == null ? '–' : `${number(fuel.data.litresPer100Km, 2)} l/100 km`}</dd>
            </div>
            <div className="history-stat">
              <dt>
                <Trans>Fuel cost per 100 km</Trans>
              </dt>
              <dd>
                {fuel.data?.costPer100Km[0]
                  ? money(fuel.data.costPer100Km[0].amount, fuel.data.costPer100Km[0].currency)
                  : '–'}
              </dd>
            </div>
          </dl>
          <Section title={<Trans>Spend by category</Trans>}>
            {categories.length === 0 ? (
              <p className="muted">
                <Trans>No costs in this period.</Trans>
              </p>
            ) : (
              <ul className="history-bars">
                {categories.map((c) => (
                  <li key={c.category}>
                    <span>{i18n._(CATEGORY_LABELS[c.category])}</span>
                    <span className="history-bar" style={{ width: `${Math.max(2, (c.amount / largest) * 100)}%` }} />
                    <span>{money(c.amount)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={<Trans>Spend and litres by month</Trans>}>
            {currency ? (
              <Suspense fallback={<Skeleton height="200px" />}>
                <ExpenseCharts months={months} currency={currency} label={i18n._(msg`Spend`)} />
              </Suspense>
            ) : null}
            <div className="history-scroll">
              <table className="history-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Month</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Spend</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Litres</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {months.map((m) => {
                    const [y, mo] = m.month.split('-').map(Number);
                    return (
                      <tr key={m.month}>
                        <th scope="row">{monthName.format(new Date(y ?? 2000, (mo ?? 1) - 1, 1))}</th>
                        <td>{money(m.amount)}</td>
                        <td>{number(m.fuelMl / 1000)} l</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </Section>
        </>
      ) : null}
    </Page>
  );
}
