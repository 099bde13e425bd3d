import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';

export const Route = createFileRoute('/onboarding')({
  component: Onboarding,
});

const STEPS: Array<{ title: MessageDescriptor; text: MessageDescriptor; icon: string }> = [
  {
    title: msg`Find a partner station`,
    text: msg`Open the app at the station, or scan the code on the pump.`,
    icon: '📍',
  },
  {
    title: msg`Choose your pump`,
    text: msg`Pick the pump, charger or car wash in front of you and the amount you want.`,
    icon: '⛽',
  },
  {
    title: msg`Pay and drive off`,
    text: msg`Pay with your card or phone wallet. Your receipt is in the app.`,
    icon: '✅',
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
      <div className="onboarding-icon" aria-hidden="true">
        {step.icon}
      </div>
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
