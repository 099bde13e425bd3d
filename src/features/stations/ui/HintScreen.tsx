import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Button, Page } from '../../../ui';
import { CardIcon, CarIcon, WarningIcon } from '../../../ui/icons';
import type { HintKind } from '../model/hints';
import './stations.css';

const ICONS = { cannotUsePhoneOutsideCar: CarIcon, prePayHint: CardIcon, h2LegalHint: WarningIcon } as const;

/** A hint that replaces the page for some brands and partners; closing it continues to the station. */
export function HintScreen({ kind, onClose }: { kind: HintKind; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Icon = ICONS[kind];
  return (
    <Page
      align="center"
      className="hint-page"
      actions={
        <Button size="lg" onClick={onClose}>
          <Trans>Understood</Trans>
        </Button>
      }
    >
      <div className={`hint-hero hint-hero--${kind}`}>
        <span className="hint-icon" aria-hidden="true">
          <Icon size={40} strokeWidth={1.75} />
        </span>
        <h1 id="hint-title" ref={heading} tabIndex={-1}>
          {kind === 'cannotUsePhoneOutsideCar' ? (
            <Trans>Please stay in your car</Trans>
          ) : kind === 'prePayHint' ? (
            <Trans>Pay before you fuel</Trans>
          ) : (
            <Trans>Hydrogen refuelling</Trans>
          )}
        </h1>
        <p className="hint-text">
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
      </div>
    </Page>
  );
}
