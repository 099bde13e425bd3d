import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { isValidCardNumber, type LoyaltyProgram } from '../../../../contract/loyalty';
import { loyaltyProgramSearch } from '../../../features/loyalty/model/search';
import { useAddLoyaltyCard, useLoyaltyPrograms } from '../../../features/loyalty/queries';
import { LOYALTY_ERROR_TEXT } from '../../../features/loyalty/ui/loyalty-errors';
import { errorText } from '../../../i18n/messages';
import { ApiError } from '../../../lib/http/errors';
import { validateEmail } from '../../../lib/validation';
import { Button, buttonClass, FormAlert, Page, SkeletonList, TextField, toast, useForm } from '../../../ui';
import { accountFeaturePage, featureGates } from '../../-account-page';

export const Route = createFileRoute('/profile/loyalty/add')({
  beforeLoad: accountFeaturePage(featureGates.loyalty),
  validateSearch: loyaltyProgramSearch,
  component: AddLoyaltyCard,
});

function AddLoyaltyCard() {
  const { loyaltyProgramId } = Route.useSearch();
  const programs = useLoyaltyPrograms();
  const program = programs.data?.find((p) => p.provider === loyaltyProgramId);
  if (programs.isPending) return <SkeletonList rows={2} />;
  if (!program) return <Navigate to="/profile/loyalty" replace />;
  return <CardForm program={program} />;
}

/** Add or edit a card: program name, card number, email (§2.4 Loyalty). */
function CardForm({ program }: { program: LoyaltyProgram }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const formId = useId();
  const add = useAddLoyaltyCard();
  const form = useForm({
    initial: { cardNumber: '', email: '' },
    labels: { cardNumber: msg`Card number`, email: msg`Email` },
    validate: {
      cardNumber: (v) =>
        !v.trim() ? { kind: 'required' } : isValidCardNumber(program.provider, v) ? null : { kind: 'format' },
      email: (v) => (v.trim() ? validateEmail(v) : null),
    },
    alertFor: (error) => (error instanceof ApiError && LOYALTY_ERROR_TEXT[error.code]) || errorText(i18n, error),
  });
  const onSubmit = form.handleSubmit(async ({ cardNumber, email }) => {
    await add.mutateAsync({ provider: program.provider, cardNumber, ...(email.trim() ? { email: email.trim() } : {}) });
    toast.show({ text: i18n._(msg`Your ${program.name} card was added`), tone: 'success' });
    await navigate({ to: '/profile/loyalty' });
  });
  const notEnrolled = add.error?.code === 'loyalty_not_enrolled';
  return (
    <Page eyebrow={program.name} title={<Trans>Add your card</Trans>}>
      <form id={formId} noValidate onSubmit={onSubmit} className="profile-form-group">
        <FormAlert>{form.alert}</FormAlert>
        <TextField
          autoComplete="off"
          hint={<Trans>For example {program.cardNumberExample}</Trans>}
          {...form.field('cardNumber')}
        />
        <TextField type="email" autoComplete="email" hint={<Trans>Optional</Trans>} {...form.field('email')} />
      </form>
      {program.canCreateAccount ? (
        <Link
          to="/profile/loyalty/register"
          search={{ loyaltyProgramId: program.provider }}
          className={buttonClass({ variant: notEnrolled ? 'primary' : 'secondary' })}
        >
          <Trans>No account yet? Create one</Trans>
        </Link>
      ) : null}
      <Page.Actions>
        <Button type="submit" form={formId} size="lg" loading={form.pending}>
          <Trans>Add card</Trans>
        </Button>
      </Page.Actions>
    </Page>
  );
}
