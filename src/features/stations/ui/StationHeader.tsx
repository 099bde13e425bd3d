import type { Poi } from '../../../../contract/stations';
import { CarWashIcon, EvPlugIcon, FuelIcon, MapPinIcon } from '../../../ui/icons';
import { chargersOf, isWashOnly, pumpsOf } from '../model/pumps';
import './stations.css';

/**
 * Brand and address of the station, with a car-wash or gas-station icon (pay-flows.md §2, /pay); a station with
 * chargers and no pumps shows a plug.
 */
export function StationHeader({ station }: { station: Poi }) {
  const address = station.location.address;
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ');
  const Icon = isWashOnly(station)
    ? CarWashIcon
    : chargersOf(station).length > 0 && pumpsOf(station).length === 0
      ? EvPlugIcon
      : FuelIcon;
  return (
    <header className="station-head">
      <span className="station-head-icon" aria-hidden="true">
        <Icon size={28} strokeWidth={2} />
      </span>
      <div className="station-head-text">
        <p className="station-head-brand">{station.brand}</p>
        <p className="station-head-address">
          <MapPinIcon size={14} aria-hidden="true" />
          <span>
            {street}, {address.zip} {address.city}
          </span>
        </p>
      </div>
    </header>
  );
}
