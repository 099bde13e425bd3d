// One bought wash code: the digits to type at the terminal, its expiry, and its QR, which opens big for the scanner
// (with a brightness hint; the screen is kept awake while it shows, where the browser allows it).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { Button, Dialog } from '../../../ui';
import { QrCodeIcon, SuccessIcon } from '../../../ui/icons';
import { isExpired, type WashTicket } from '../model/tickets';
import { QrCode } from './QrCode';
import './wash.css';

/** "12345678" → "1234 5678": easier to read out and type. */
export function groupDigits(code: string): string {
  return code.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function WashCode({ ticket }: { ticket: WashTicket }) {
  const { i18n } = useLingui();
  const [big, setBig] = useState(false);
  const titleId = useId();
  const expiry = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(ticket.expirationDate),
  );
  const expired = isExpired(ticket, Date.now());
  const label = i18n._(msg`Wash code ${ticket.code}`);
  return (
    <article className="wash-code" aria-label={i18n._(msg`Wash code ${ticket.code}`)}>
      <div className="wash-code-qr">
        <QrCode payload={ticket.qrPayload} label={label} />
      </div>
      <div className="wash-code-text">
        <p className="wash-code-digits" data-code={ticket.code}>
          {groupDigits(ticket.code)}
        </p>
        <p className="wash-code-expiry">
          {ticket.isRedeemed ? (
            <span className="wash-code-used">
              <SuccessIcon size={16} aria-hidden="true" /> <Trans>Used</Trans>
            </span>
          ) : expired ? (
            <Trans>Expired on {expiry}</Trans>
          ) : (
            <Trans>Valid until {expiry}</Trans>
          )}
        </p>
        <Button
          variant="secondary"
          size="sm"
          icon={<QrCodeIcon size={18} aria-hidden="true" />}
          onClick={() => setBig(true)}
        >
          <Trans>Show QR code</Trans>
        </Button>
      </div>
      <Dialog open={big} onClose={() => setBig(false)} labelledBy={titleId} className="wash-big-qr">
        <BigQr ticket={ticket} titleId={titleId} label={label} onClose={() => setBig(false)} />
      </Dialog>
    </article>
  );
}

/** The big view for the wash terminal's scanner. */
function BigQr({
  ticket,
  titleId,
  label,
  onClose,
}: {
  ticket: WashTicket;
  titleId: string;
  label: string;
  onClose: () => void;
}) {
  useWakeLock();
  return (
    <>
      <h2 id={titleId}>
        <Trans>Scan at the car wash</Trans>
      </h2>
      <QrCode payload={ticket.qrPayload} label={label} className="wash-qr--big" />
      <p className="wash-code-digits wash-code-digits--big">{groupDigits(ticket.code)}</p>
      <p className="wash-big-hint">
        <Trans>Turn your screen brightness up.</Trans>
      </p>
      <Button size="lg" onClick={onClose}>
        <Trans>Close</Trans>
      </Button>
    </>
  );
}

/** Keeps the screen on while the big QR shows (Screen Wake Lock, where the browser has it). */
function useWakeLock(): void {
  useEffect(() => {
    const nav = navigator as Navigator & {
      wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> };
    };
    let lock: { release(): Promise<void> } | undefined;
    let live = true;
    nav.wakeLock
      ?.request('screen')
      .then((l) => {
        if (live) lock = l;
        else void l.release();
      })
      .catch(() => undefined);
    return () => {
      live = false;
      void lock?.release().catch(() => undefined);
    };
  }, []);
}
