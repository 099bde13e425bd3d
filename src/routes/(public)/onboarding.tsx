import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';

export const Route = createFileRoute('/(public)/onboarding')({
  component: Onboarding,
});

const STEPS: Array<{ title: MessageDescriptor; text: MessageDescriptor; icon: string }> = [
  {
    title: msg`Find a partner station`,
    text: msg`Open the app at the station, or scan the code on the pump.`,
    icon: 'M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z',
  },
  {
    title: msg`Choose your pump`,
    text: msg`Pick the pump, charger or car wash in front of you and the amount you want.`,
    icon: 'M5 3h9v18H5zM7 5v5h5V5zM16 7l3 3v8a1.5 1.5 0 0 1-3 0v-4h-1v-2h3v-4l-2-2z',
  },
  {
    title: msg`Pay and drive off`,
    text: msg`Pay with your card or phone wallet. Your receipt is in the app.`,
    icon: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1.5 14.5L6 12l1.4-1.4 3.1 3.1 6.1-6.1L18 9z',
  },
];

function Onboarding() {
  const { i18n } = useLingui();
  const [index, setIndex] = useState(0);
  const step = STEPS[index]!;
  const last = index === STEPS.length - 1;
  return (
    <section className="page onboarding">
      <p className="step-counter">
        <Trans>
          Step {index + 1} of {STEPS.length}
        </Trans>
      </p>
      <svg className="onboarding-icon" viewBox="0 0 24 24" width="96" height="96" aria-hidden="true">
        <path d={step.icon} fill="currentColor" />
      </svg>
      <h1>{i18n._(step.title)}</h1>
      <p className="lead">{i18n._(step.text)}</p>
      <div className="actions">
        {last ? (
          <Link to="/" className="button">
            <Trans>Get started</Trans>
          </Link>
        ) : (
          <button type="button" className="button" onClick={() => setIndex(index + 1)}>
            <Trans>Next</Trans>
          </button>
        )}
        {index > 0 ? (
          <button type="button" className="button secondary" onClick={() => setIndex(index - 1)}>
            <Trans>Previous</Trans>
          </button>
        ) : null}
        {!last ? (
          <Link to="/" className="button ghost">
            <Trans>Skip</Trans>
          </Link>
        ) : null}
      </div>
    </section>
  );
}
