import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PRODUCT_TYPES } from '../../../../contract/plain/stations';
import { BottomSheet, Button, Chip, RadioList, RadioOption } from '../../../ui';
import { CloseIcon, FilterIcon } from '../../../ui/icons';
import { type HistoryFilters, LIST_PERIODS, TYPE_FILTERS } from '../model/search';
import { PERIOD_LABELS, PRODUCT_LABELS, TYPE_LABELS } from './labels';

export type Vehicle = { id: string; name: string };

const ALL = '';

type Props = {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  filters: HistoryFilters;
  vehicles: Vehicle[];
  onChange: (next: HistoryFilters) => void;
  /** More buttons at the end of the bar. */
  children?: ReactNode;
};

/** The filter button, a chip per active filter (a tap removes it), and the sheet with the four filters (§2.4). */
export function FilterBar({ open, onOpen, onClose, filters, vehicles, onChange, children }: Props) {
  const { i18n } = useLingui();
  const set = (patch: Partial<HistoryFilters>) => onChange({ ...filters, ...patch });
  const vehicleName = vehicles.find((v) => v.id === filters.vehicle)?.name ?? i18n._(msg`Vehicle`);
  const active: Array<[keyof HistoryFilters, string]> = [];
  if (filters.type) active.push(['type', i18n._(TYPE_LABELS[filters.type])]);
  if (filters.vehicle) active.push(['vehicle', vehicleName]);
  if (filters.product) active.push(['product', i18n._(PRODUCT_LABELS[filters.product])]);
  if (filters.period) active.push(['period', i18n._(PERIOD_LABELS[filters.period])]);
  return (
    <>
      <div className="history-toolbar">
        <Chip icon={<FilterIcon size={18} />} onClick={onOpen} aria-haspopup="dialog">
          <Trans>Filters</Trans>
        </Chip>
        {active.map(([key, label]) => (
          <Chip
            key={key}
            selected
            icon={<CloseIcon size={16} />}
            aria-label={i18n._(msg`Remove filter ${label}`)}
            onClick={() => set({ [key]: undefined })}
          >
            {label}
          </Chip>
        ))}
        {children}
      </div>
      <BottomSheet
        open={open}
        onClose={onClose}
        title={<Trans>Filter the history</Trans>}
        footer={
          <Button fullWidth onClick={onClose}>
            <Trans>Show results</Trans>
          </Button>
        }
      >
        <RadioList
          label={<Trans>Type</Trans>}
          value={filters.type ?? ALL}
          onChange={(v) => set({ type: (v || undefined) as HistoryFilters['type'] })}
        >
          <RadioOption value={ALL} title={<Trans>All types</Trans>} />
          {TYPE_FILTERS.map((t) => (
            <RadioOption key={t} value={t} title={i18n._(TYPE_LABELS[t])} />
          ))}
        </RadioList>
        {vehicles.length > 0 ? (
          <RadioList
            label={<Trans>Vehicle</Trans>}
            value={filters.vehicle ?? ALL}
            onChange={(v) => set({ vehicle: v || undefined })}
          >
            <RadioOption value={ALL} title={<Trans>All vehicles</Trans>} />
            {vehicles.map((v) => (
              <RadioOption key={v.id} value={v.id} title={v.name} />
            ))}
          </RadioList>
        ) : null}
        <RadioList
          label={<Trans>Product</Trans>}
          value={filters.product ?? ALL}
          onChange={(v) => set({ product: (v || undefined) as HistoryFilters['product'] })}
        >
          <RadioOption value={ALL} title={<Trans>All products</Trans>} />
          {PRODUCT_TYPES.map((p) => (
            <RadioOption key={p} value={p} title={i18n._(PRODUCT_LABELS[p])} />
          ))}
        </RadioList>
        <RadioList
          label={<Trans>Period</Trans>}
          value={filters.period ?? ALL}
          onChange={(v) => set({ period: (v || undefined) as HistoryFilters['period'] })}
        >
          <RadioOption value={ALL} title={<Trans>All time</Trans>} />
          {LIST_PERIODS.map((p) => (
            <RadioOption key={p} value={p} title={i18n._(PERIOD_LABELS[p])} />
          ))}
        </RadioList>
      </BottomSheet>
    </>
  );
}
