// The filters as a bottom sheet (shell-and-account.md §3 Map store): fuel or EV charging; the fuel type (15, default
// SUPER E5), or the plug type (default CCS) and power class (default All). A choice applies at once.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { BottomSheet, Button, Chip, ChipGroup } from '../../../ui';
import {
  CONNECTOR_STANDARDS,
  DEFAULT_FUEL,
  DEFAULT_PLUG,
  DEFAULT_POWER,
  FUEL_TYPES,
  type MapFilters,
  POWER_CLASSES,
} from '../model/filters';
import { useMapText } from './map-text';

type Props = {
  open: boolean;
  filters: MapFilters;
  /** The last choice of the other mode, to switch back to it. */
  remembered: { fuel?: MapFilters & { mode: 'fuel' }; ev?: MapFilters & { mode: 'ev' } };
  onChange: (filters: MapFilters) => void;
  onClose: () => void;
};

export function FilterSheet({ open, filters, remembered, onChange, onClose }: Props) {
  const { i18n } = useLingui();
  const text = useMapText();
  const toFuel = () => onChange(remembered.fuel ?? { mode: 'fuel', fuel: DEFAULT_FUEL });
  const toEv = () => onChange(remembered.ev ?? { mode: 'ev', plug: DEFAULT_PLUG, power: DEFAULT_POWER });
  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title={<Trans>Filter stations</Trans>}
      footer={
        <Button onClick={onClose}>
          <Trans>Show stations</Trans>
        </Button>
      }
    >
      <div className="map-filters">
        <ChipGroup label={i18n._(msg`What to fill up`)}>
          <Chip selected={filters.mode === 'fuel'} onClick={toFuel}>
            <Trans>Fuel</Trans>
          </Chip>
          <Chip selected={filters.mode === 'ev'} onClick={toEv}>
            <Trans>EV charging</Trans>
          </Chip>
        </ChipGroup>
        {filters.mode === 'fuel' ? (
          <>
            <h3 className="map-filters-title">
              <Trans>Fuel type</Trans>
            </h3>
            <ChipGroup label={i18n._(msg`Fuel type`)}>
              {FUEL_TYPES.map((fuel) => (
                <Chip key={fuel} selected={filters.fuel === fuel} onClick={() => onChange({ mode: 'fuel', fuel })}>
                  {text.fuel(fuel)}
                </Chip>
              ))}
            </ChipGroup>
          </>
        ) : (
          <>
            <h3 className="map-filters-title">
              <Trans>Plug type</Trans>
            </h3>
            <ChipGroup label={i18n._(msg`Plug type`)}>
              {CONNECTOR_STANDARDS.map((plug) => (
                <Chip key={plug} selected={filters.plug === plug} onClick={() => onChange({ ...filters, plug })}>
                  {text.plug(plug)}
                </Chip>
              ))}
            </ChipGroup>
            <h3 className="map-filters-title">
              <Trans>Charging power</Trans>
            </h3>
            <ChipGroup label={i18n._(msg`Charging power`)}>
              {POWER_CLASSES.map((power) => (
                <Chip key={power} selected={filters.power === power} onClick={() => onChange({ ...filters, power })}>
                  {text.power(power)}
                </Chip>
              ))}
            </ChipGroup>
          </>
        )}
      </div>
    </BottomSheet>
  );
}
