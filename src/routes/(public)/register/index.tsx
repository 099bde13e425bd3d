import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { registerSearch } from '../../../features/session/model/search';
import { AmazonSignInButton } from '../../../features/session/ui/AmazonSignInButton';
import { BenefitList } from '../../../features/session/ui/BenefitList';
import { MailIcon } from '../../../features/session/ui/icons';
import { OpenIdButtons } from '../../../features/session/ui/OpenIdButtons';
import { buttonClass, Page } from '../../../ui';
import { CardIcon, CarIcon, ReceiptIcon } from '../../../ui/icons';

export const Route = createFileRoute('/(public)/register/')({
  validateSearch: registerSearch,
  component: Register,
});

function Register() {
  const search = Route.useSearch();
  // A friend's share link (/register?referralCode=…) goes on to the form with its code.
  const { referralCode, partner, data, email, redirect } = search;
  const carried = {
    ...(referralCode ? { referralCode } : {}),
    ...(partner ? { partner } : {}),
    ...(data ? { data } : {}),
    ...(email ? { email } : {}),
    ...(redirect ? { redirect } : {}),
  };
  return (
    <Page
      className="sign-in-page"
      title={<Trans>Create your account</Trans>}
      description={<Trans>With an account you can save payment cards, vehicles and receipts.</Trans>}
      footer={
        <p className="sign-in-switch">
          <Trans>Already registered?</Trans>{' '}
          <Link to="/login">
            <Trans>Log in</Trans>
          </Link>
        </p>
      }
      actions={
        <>
          <Link to="/register/mail" search={carried} className={buttonClass({ size: 'lg' })}>
            <MailIcon size={20} aria-hidden="true" />
            <Trans>Register with email</Trans>
          </Link>
          <AmazonSignInButton from="/register" redirect={redirect} referralCode={referralCode} />
          <OpenIdButtons redirect={redirect} />
        </>
      }
    >
      <BenefitList
        items={[
          { icon: <CardIcon size={22} />, title: <Trans>Pay faster with a saved card</Trans> },
          { icon: <CarIcon size={22} />, title: <Trans>Your vehicles at hand</Trans> },
          { icon: <ReceiptIcon size={22} />, title: <Trans>All your receipts in one place</Trans> },
        ]}
      />
    </Page>
  );
}
