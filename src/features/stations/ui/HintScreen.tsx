import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { HintKind } from '../model/hints';

/** A hint that replaces the page for some brands and partners; closing it continues to the station. */
export function HintScreen({ kind, onClose }: { kind: HintKind; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="page center hint" aria-labelledby="hint-title">
      <div className="error-icon" aria-hidden="true">
        i
      </div>
      <h1 id="hint-title" ref={heading} tabIndex={-1}>
        {kind === 'cannotUsePhoneOutsideCar' ? (
          <Trans>Please stay in your car</Trans>
        ) : kind === 'prePayHint' ? (
          <Trans>Pay before you fuel</Trans>
        ) : (
          <Trans>Hydrogen refuelling</Trans>
        )}
      </h1>
      <p className="lead">
        {kind === 'cannotUsePhoneOutsideCar' ? (
          <Trans>
            Using a phone at the pump is not allowed at this station. Choose your pump and pay from inside your car,
            then get out to fuel.
          </Trans>
        ) : kind === 'prePayHint' ? (
          <Trans>
            At this station you choose an amount and pay before fuelling. You are only charged for what you fuel; the
            rest is released.
          </Trans>
        ) : (
          <Trans>
            Hydrogen is dispensed at 700 bar. Only vehicles approved for hydrogen may be refuelled, following the
            instructions at the dispenser.
          </Trans>
        )}
      </p>
      <button type="button" className="button" onClick={onClose}>
        <Trans>Understood</Trans>
      </button>
    </section>
  );
}
