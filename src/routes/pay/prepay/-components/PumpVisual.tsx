import { cx } from '../../../../ui';
import { FuelIcon } from '../../../../ui/icons';
import '../../-components/pay.css';

export type FuelPhase = 'loading' | 'releasing' | 'ready' | 'fuelling';

/**
 * The pump the driver paid for, big enough to check against the pump from a step away. A ring pulses while the pump
 * waits for the nozzle and while fuel flows (still for reduced-motion users). Decorative: the h1 names the pump.
 */
export function PumpVisual({ name, phase }: { name: string | null; phase: FuelPhase }) {
  return (
    <div className={cx('pump-visual', `pump-visual--${phase}`)} aria-hidden="true">
      <FuelIcon className="pump-visual-icon" size={22} />
      <span className="pump-visual-number">{name ?? '…'}</span>
    </div>
  );
}
