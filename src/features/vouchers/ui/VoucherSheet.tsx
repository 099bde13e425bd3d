// A voucher card's detail in a bottom sheet (§2.4 Vouchers: list, detail, activate or deactivate).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { CampaignParticipation } from '../../../../contract/vouchers';
import { BottomSheet, Button, FormAlert } from '../../../ui';
import { useActivateVoucher } from '../queries';
import { VOUCHER_PRODUCT_LABELS } from './labels';
import './vouchers.css';

export function VoucherSheet({ voucher, onClose }: { voucher: CampaignParticipation | null; onClose: () => void }) {
  const { i18n } = useLingui();
  const activate = useActivateVoucher();
  const usedUp = voucher?.usesLeft === 0;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <BottomSheet
      open={voucher !== null}
      onClose={onClose}
      title={voucher?.name ?? ''}
      description={voucher?.description ?? undefined}
      footer={
        voucher && !usedUp ? (
          <Button
            size="lg"
            variant={voucher.active ? 'secondary' : 'primary'}
            loading={activate.isPending}
            onClick={() =>
              activate.mutate({ campaignId: voucher.campaignId, active: !voucher.active }, { onSuccess: onClose })
            }
          >
            {voucher.active ? <Trans>Switch off</Trans> : <Trans>Switch on</Trans>}
          </Button>
        ) : null
      }
    >
      {voucher ? (
        <div className="voucher-detail">
          <dl>
            <div>
              <dt>
                <Trans>Discount</Trans>
              </dt>
              <dd>
                <span className="voucher-label">{voucher.label}</span>
              </dd>
            </div>
            <div>
              <dt>
                <Trans>For</Trans>
              </dt>
              <dd>{voucher.productTypes.map((p) => i18n._(VOUCHER_PRODUCT_LABELS[p])).join(', ')}</dd>
            </div>
            <div>
              <dt>
                <Trans>Status</Trans>
              </dt>
              <dd>{usedUp ? <Trans>Used</Trans> : voucher.active ? <Trans>On</Trans> : <Trans>Off</Trans>}</dd>
            </div>
            {voucher.usesLeft !== null ? (
              <div>
                <dt>
                  <Trans>Uses left</Trans>
                </dt>
                <dd>{voucher.usesLeft}</dd>
              </div>
            ) : null}
            {voucher.validUntil ? (
              <div>
                <dt>
                  <Trans>Valid until</Trans>
                </dt>
                <dd>{date(voucher.validUntil)}</dd>
              </div>
            ) : null}
          </dl>
          {voucher.active && !usedUp ? (
            <p className="voucher-preview-note">
              <Trans>Applied automatically when you pay.</Trans>
            </p>
          ) : null}
          <FormAlert>
            {activate.error ? i18n._(msg`The voucher could not be switched. Please try again.`) : null}
          </FormAlert>
        </div>
      ) : null}
    </BottomSheet>
  );
}
