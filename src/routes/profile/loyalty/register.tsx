import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import {
  isAtLeastAge,
  isValidCardNumber,
  type LoyaltyProgram,
  PARTNER_MIN_AGE,
  type PartnerAccountBody,
} from '../../../../contract/loyalty';
import { loyaltyProgramSearch } from '../../../features/loyalty/model/search';
import { useAddLoyaltyCard, useLoyaltyPrograms } from '../../../features/loyalty/queries';
import { LOYALTY_ERROR_TEXT } from '../../../features/loyalty/ui/loyalty-errors';
import { CountryField } from '../../../features/profile/ui/CountryField';
import { useOwnUser } from '../../../features/profile/ui/use-own-user';
import { errorText } from '../../../i18n/messages';
import { currentLanguage } from '../../../i18n/state';
import { ApiError } from '../../../lib/http/errors';
import { validateEmail, validateRequired } from '../../../lib/validation';
import { Button, FormAlert, Page, SelectField, SkeletonList, TextField, toast, useForm } from '../../../ui';
import { accountFeaturePage, featureGates } from '../../-account-page';

export const Route = createFileRoute('/profile/loyalty/register')({
  beforeLoad: accountFeaturePage(featureGates.loyalty),
  validateSearch: loyaltyProgramSearch,
  component: RegisterPartner,
});

function RegisterPartner() {
  const { loyaltyProgramId } = Route.useSearch();
  const programs = useLoyaltyPrograms();
  const user = useOwnUser();
  const program = programs.data?.find((p) => p.provider === (loyaltyProgramId ?? 'Q8_SMILES'));
  if (programs.isPending || user.isPending) return <SkeletonList rows={4} />;
  if (!program?.canCreateAccount) return <Navigate to="/profile/loyalty" replace />;
  return (
    <PartnerForm
      program={program}
      initial={{
        firstName: user.data?.firstName ?? '',
        lastName: user.data?.lastName ?? '',
        email: user.data?.email ?? '',
        country: user.data?.address.countryCode ?? 'DE',
      }}
    />
  );
}

const LANGUAGES = ['de', 'en', 'nl', 'fr', 'it', 'es', 'pt', 'da', 'pl'] as const;
/** A thrown rule the form alert shows like the server's own answer. */
const tooYoung = () => new ApiError(422, 'loyalty_age');

/** The partner's create-account form (§3 Loyalty; §5 age 16 or older). */
function PartnerForm({
  program,
  initial,
}: {
  program: LoyaltyProgram;
  initial: { firstName: string; lastName: string; email: string; country: string };
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const formId = useId();
  const add = useAddLoyaltyCard();
  const languageNames = new Intl.DisplayNames([i18n.locale], { type: 'language' });
  const form = useForm({
    initial: { ...initial, language: currentLanguage() ?? 'en', cardNumber: '', birthDate: '', gender: '' } as Record<
      'firstName' | 'lastName' | 'email' | 'country' | 'language' | 'cardNumber' | 'birthDate' | 'gender',
      string
    >,
    labels: {
      firstName: msg`First name`,
      lastName: msg`Last name`,
      email: msg`Email`,
      country: msg`Country`,
      language: msg`Language`,
      cardNumber: msg`Card number`,
      birthDate: msg`Birth date`,
      gender: msg`Gender`,
    },
    validate: {
      firstName: validateRequired,
      lastName: validateRequired,
      email: validateEmail,
      cardNumber: (v) =>
        !v.trim() ? { kind: 'required' } : isValidCardNumber(program.provider, v) ? null : { kind: 'format' },
    },
    alertFor: (error) => (error instanceof ApiError && LOYALTY_ERROR_TEXT[error.code]) || errorText(i18n, error),
  });
  const onSubmit = form.handleSubmit(async (v) => {
    const today = new Date().toISOString().slice(0, 10);
    if (v.birthDate && !isAtLeastAge(v.birthDate, today, PARTNER_MIN_AGE)) throw tooYoung();
    const account: PartnerAccountBody = {
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim(),
      country: v.country as PartnerAccountBody['country'],
      language: v.language as PartnerAccountBody['language'],
      ...(v.birthDate ? { birthDate: v.birthDate } : {}),
      ...(v.gender ? { gender: v.gender as NonNullable<PartnerAccountBody['gender']> } : {}),
    };
    await add.mutateAsync({ provider: program.provider, cardNumber: v.cardNumber, createAccount: account });
    toast.show({ text: i18n._(msg`Your ${program.name} account is ready`), tone: 'success' });
    await navigate({ to: '/profile/loyalty' });
  });
  return (
    <Page eyebrow={program.name} title={<Trans>Create your account</Trans>}>
      <form id={formId} noValidate onSubmit={onSubmit} className="profile-form-group">
        <FormAlert>{form.alert}</FormAlert>
        <TextField autoComplete="given-name" {...form.field('firstName')} />
        <TextField autoComplete="family-name" {...form.field('lastName')} />
        <TextField type="email" autoComplete="email" {...form.field('email')} />
        <CountryField {...form.field('country')} />
        <SelectField
          {...form.field('language')}
          options={LANGUAGES.map((l) => ({ value: l, title: languageNames.of(l) ?? l }))}
        />
        <TextField
          autoComplete="off"
          hint={<Trans>For example {program.cardNumberExample}</Trans>}
          {...form.field('cardNumber')}
        />
        <TextField
          type="date"
          autoComplete="bday"
          hint={<Trans>Optional. You must be at least 16 years old.</Trans>}
          {...form.field('birthDate')}
        />
        <SelectField
          {...form.field('gender')}
          hint={<Trans>Optional</Trans>}
          options={[
            { value: 'female', title: i18n._(msg`Female`) },
            { value: 'male', title: i18n._(msg`Male`) },
            { value: 'other', title: i18n._(msg`Other`) },
          ]}
        />
      </form>
      <Page.Actions>
        <Button type="submit" form={formId} size="lg" loading={form.pending}>
          <Trans>Create account</Trans>
        </Button>
      </Page.Actions>
    </Page>
  );
}
