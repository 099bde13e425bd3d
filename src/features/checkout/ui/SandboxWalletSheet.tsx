import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState, useSyncExternalStore } from 'react';
import { BottomSheet, Button, RadioList, RadioOption } from '../../../ui';
import { methodName } from '../../payment-methods/model/names';
import './checkout.css';
import { SANDBOX_CONTACT, type SandboxOutcome, sandboxSheet } from '../wallets/sandbox';

/**
 * The sandbox wallet's own sheet (features/checkout/wallets/sandbox.ts): it stands in for Google Pay, Apple Pay or
 * Amazon Pay, says that it is a test wallet, lets the driver pick what the test card does, and hands over the test
 * email and billing address. Mounted once by the pay summary.
 */
export function SandboxWalletSheet() {
  const { i18n } = useLingui();
  const open = useSyncExternalStore(sandboxSheet.subscribe, sandboxSheet.current, () => null);
  const [outcome, setOutcome] = useState<SandboxOutcome>('approve');
  const wallet = open ? methodName({ method: open.wallet, details: {} }) : '';
  // The catalog's message is "Pay {total}".
  const total = open ? `${open.request.currency} ${open.request.amount}` : '';
  const c = SANDBOX_CONTACT;
  return (
    <BottomSheet
      open={!!open}
      onClose={() => sandboxSheet.cancel()}
      title={<Trans>Sandbox wallet: {wallet}</Trans>}
      description={<Trans>A test wallet drawn by this app: it makes a test token and no real card is charged.</Trans>}
      footer={
        <div className="wallet-sheet-actions">
          <Button
            size="lg"
            fullWidth
            onClick={() => {
              sandboxSheet.answer(outcome, c);
              setOutcome('approve');
            }}
          >
            {i18n._(msg`Pay ${total}`)}
          </Button>
          <Button variant="ghost" fullWidth onClick={() => sandboxSheet.cancel()}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      }
    >
      <RadioList
        label={i18n._(msg`Test card in the wallet`)}
        value={outcome}
        onChange={(v) => setOutcome(v as SandboxOutcome)}
      >
        <RadioOption value="approve" title={i18n._(msg`Approves`)} />
        <RadioOption value="decline" title={i18n._(msg`Declines`)} />
        <RadioOption value="insufficient_funds" title={i18n._(msg`Declines: insufficient funds`)} />
      </RadioList>
      <dl className="wallet-sheet-contact">
        <dt>
          <Trans>Shared with the station</Trans>
        </dt>
        <dd>
          {c.firstName} {c.lastName} · {c.email}
          <br />
          {c.address.street}, {c.address.zip} {c.address.city}, {c.address.countryCode}
        </dd>
      </dl>
    </BottomSheet>
  );
}
