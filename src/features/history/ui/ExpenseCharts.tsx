// The overview's charts (uPlot, in this lazily loaded chunk only): spend per month as bars and litres per month as a
// line. The same figures are in the table under them, for screen readers and for reading exact values.
import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { fromDeciCents, toDecimal } from '../../../../contract/money';

type Point = { month: string; amount: number; fuelMl: number };

export default function ExpenseCharts({
  months,
  currency,
  label,
}: {
  months: Point[];
  currency: string;
  label: string;
}) {
  const { i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const digits = fromDeciCents(0, currency).precision;
    const money = new Intl.NumberFormat(i18n.locale, { style: 'currency', currency, maximumFractionDigits: 0 });
    const monthName = new Intl.DateTimeFormat(i18n.locale, { month: 'short' });
    const xs = months.map((_, i) => i);
    const spend = months.map((m) => toDecimal(fromDeciCents(m.amount, currency).amount, digits));
    const litres = months.map((m) => m.fuelMl / 1000);
    const style = getComputedStyle(el);
    const primary = style.getPropertyValue('--color-primary').trim() || '#0b5d3b';
    const muted = style.getPropertyValue('--color-text-muted').trim() || '#555';
    const plot = new uPlot(
      {
        width: el.clientWidth || 320,
        height: 200,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: () => [-0.6, months.length - 0.4] }, l: { auto: true } },
        axes: [
          {
            stroke: muted,
            values: (_u, ticks) =>
              ticks.map((t) => {
                const [y, m] = (months[t]?.month ?? '2000-01').split('-').map(Number);
                return Number.isInteger(t) ? monthName.format(new Date(y ?? 2000, (m ?? 1) - 1, 1)) : '';
              }),
          },
          { stroke: muted, values: (_u, ticks) => ticks.map((t) => money.format(t)), size: 64 },
          {
            side: 1,
            scale: 'l',
            stroke: muted,
            grid: { show: false },
            values: (_u, ticks) => ticks.map((t) => `${t} l`),
          },
        ],
        series: [
          {},
          {
            label,
            stroke: primary,
            fill: `${primary}cc`,
            paths: uPlot.paths.bars?.({ size: [0.6, 48] }),
            points: { show: false },
          },
          { label: 'l', scale: 'l', stroke: muted, width: 2, dash: [6, 4], points: { size: 6 } },
        ],
      },
      [xs, spend, litres],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 200 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [months, currency, i18n.locale, label]);
  return <div ref={box} className="history-chart" aria-hidden="true" />;
}
