// The odometer screen's vehicle (pay-flows.md §2 Odometer screen "vehicle picker"): one row with the chosen vehicle;
// pressing it opens a bottom sheet with the vehicles, the preferred one first (vehiclesForPicker).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { BottomSheet, List, ListItem, RadioList, RadioOption } from '../../../ui';
import { CarIcon } from '../../../ui/icons';

export type PickerVehicle = { thingId: string; name: string; plate: string | null; preferred: boolean };

type Props = { vehicles: PickerVehicle[]; value: string | null; onChange: (thingId: string) => void };

export function VehiclePicker({ vehicles, value, onChange }: Props) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const chosen = vehicles.find((v) => v.thingId === value) ?? null;
  const row = {
    leading: <CarIcon size={22} />,
    title: (
      <>
        <span className="visually-hidden">{i18n._(msg`Vehicle`)}: </span>
        {chosen?.name ?? i18n._(msg`Choose a vehicle`)}
      </>
    ),
    subtitle: chosen?.plate ?? undefined,
  };
  return (
    <>
      <List>
        {vehicles.length > 1 ? (
          <ListItem
            {...row}
            trailing={<Trans>Change</Trans>}
            chevron
            render={(props) => (
              <button
                type="button"
                {...props}
                aria-haspopup="dialog"
                aria-expanded={open}
                onClick={() => setOpen(true)}
              />
            )}
          />
        ) : (
          <ListItem {...row} />
        )}
      </List>
      <BottomSheet open={open} onClose={() => setOpen(false)} title={<Trans>Your vehicle</Trans>}>
        <RadioList
          label={i18n._(msg`Vehicle`)}
          hideLabel
          value={value}
          onChange={onChange}
          onPick={() => setOpen(false)}
        >
          {vehicles.map((v) => (
            <RadioOption
              key={v.thingId}
              value={v.thingId}
              title={v.name}
              subtitle={v.plate ?? undefined}
              leading={<CarIcon size={22} />}
              trailing={v.preferred ? <Trans>Preferred</Trans> : undefined}
            />
          ))}
        </RadioList>
      </BottomSheet>
    </>
  );
}
