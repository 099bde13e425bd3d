import { Trans } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isUnderMaintenance } from '../../app/maintenance';

export const Route = createFileRoute('/(public)/maintenance')({
  component: Maintenance,
});

function Maintenance() {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [still, setStill] = useState(false);
  async function retry() {
    setChecking(true);
    const down = await isUnderMaintenance();
    setChecking(false);
    setStill(down);
    if (!down) await navigate({ to: '/' });
  }
  return (
    <section className="page center">
      <div className="error-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40">
          <path
            fill="currentColor"
            d="M21.7 18.6 13 9.9a6 6 0 0 0-7.7-7.6l3.9 3.9-2.8 2.8-3.9-3.9A6 6 0 0 0 10.1 13l8.7 8.7a1 1 0 0 0 1.4 0l1.5-1.5a1 1 0 0 0 0-1.6z"
          />
        </svg>
      </div>
      <h1>
        <Trans>We are improving Forecourt Pay</Trans>
      </h1>
      <p className="lead">
        <Trans>The app is down for maintenance. Please try again in a few minutes or pay at the till.</Trans>
      </p>
      {still ? (
        <p role="status">
          <Trans>Maintenance is still in progress.</Trans>
        </p>
      ) : null}
      <button type="button" className="button" onClick={retry} disabled={checking} aria-busy={checking}>
        <Trans>Try again</Trans>
      </button>
    </section>
  );
}
