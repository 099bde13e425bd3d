import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isEditable, methodName } from '../../../../features/payment-methods/model/names';
import { openEditPage, usePaymentMethods } from '../../../../features/payment-methods/queries';
import { MethodIcon } from '../../../../features/payment-methods/ui/MethodIcon';
import { useSession } from '../../../../features/session/queries';
import { Button, Card, Loading, Page, SkeletonList } from '../../../../ui';
import '../-components/payments.css';

export const Route = createFileRoute('/profile/payments/edit/$id')({
  component: EditPaymentMethod,
});

/** A saved card: its details, and the provider page to renew them (new expiry date or name after a card renewal). */
function EditPaymentMethod() {
  const { i18n } = useLingui();
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const record = useSession();
  const methods = usePaymentMethods(record?.userId ?? null);
  const [opening, setOpening] = useState(false);
  const method = methods.data?.find((m) => m.id === id);

  if (methods.isPending) {
    return (
      <Page title={<Trans>Edit card details</Trans>}>
        <Loading label={i18n._(msg`Loading your payment methods…`)}>
          <SkeletonList rows={1} />
        </Loading>
      </Page>
    );
  }
  // Not (or no longer) the driver's active card: nothing to edit here.
  if (!method || !isEditable(method)) return <Navigate to="/profile/payments" replace />;

  const expiry = method.details.expiry;

  async function onEdit() {
    setOpening(true);
    try {
      const page = await openEditPage(id);
      window.location.assign(page.url);
    } catch {
      setOpening(false);
      void navigate({ to: '/error', search: { type: 'payment_edit' } });
    }
  }

  return (
    <Page
      title={<Trans>Edit card details</Trans>}
      description={<Trans>Your card was renewed? Enter its new expiry date on the secure card page.</Trans>}
      actions={
        <Button size="lg" fullWidth loading={opening} onClick={() => void onEdit()}>
          <Trans>Update card details</Trans>
        </Button>
      }
    >
      <Card>
        <div className="method-card">
          <MethodIcon method={method.method} size={28} />
          <div>
            <strong>{methodName(method)}</strong>
            {expiry ? (
              <div>
                <Trans>Expires {expiry}</Trans>
              </div>
            ) : null}
            {method.details.holderName ? <div>{method.details.holderName}</div> : null}
          </div>
        </div>
      </Card>
    </Page>
  );
}
