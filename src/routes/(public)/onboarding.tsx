import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button, buttonClass, cx, Page } from '../../ui';
import { CardIcon, ChevronLeftIcon, ChevronRightIcon, FuelIcon, MapPinIcon } from '../../ui/icons';
import '../../features/session/ui/sign-in.css';

export const Route = createFileRoute('/(public)/onboarding')({
  component: Onboarding,
});

const STEPS: Array<{ title: MessageDescriptor; text: MessageDescriptor; icon: ReactNode }> = [
  {
    title: msg`Find a partner station`,
    text: msg`Open the app at the station, or scan the code on the pump.`,
    icon: <MapPinIcon size={56} strokeWidth={1.75} />,
  },
  {
    title: msg`Choose your pump`,
    text: msg`Pick the pump, charger or car wash in front of you and the amount you want.`,
    icon: <FuelIcon size={56} strokeWidth={1.75} />,
  },
  {
    title: msg`Pay and drive off`,
    text: msg`Pay with your card or phone wallet. Your receipt is in the app.`,
    icon: <CardIcon size={56} strokeWidth={1.75} />,
  },
];

/** A swipe this long (px) turns the page; buttons do the same for everyone else. */
const SWIPE = 48;

function Onboarding() {
  const { i18n } = useLingui();
  const [[index, direction], setStep] = useState<[number, 'forward' | 'back']>([0, 'forward']);
  const primary = useRef<HTMLElement | null>(null);
  const swipeStart = useRef<number | null>(null);
  const step = STEPS[index]!;
  const last = index === STEPS.length - 1;
  const go = (to: number) => {
    if (to < 0 || to >= STEPS.length || to === index) return;
    setStep([to, to > index ? 'forward' : 'back']);
  };

  // "Next" becomes "Get started" and "Previous" goes away on the ends: focus goes on to the main button, not lost.
  const shown = useRef(index);
  useEffect(() => {
    if (shown.current === index) return;
    shown.current = index;
    const active = document.activeElement;
    if (!active || active === document.body) primary.current?.focus();
  }, [index]);

  function onPointerDown(event: PointerEvent) {
    swipeStart.current = event.pointerType === 'mouse' ? null : event.clientX;
  }
  function onPointerUp(event: PointerEvent) {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (dx <= -SWIPE) go(index + 1);
    else if (dx >= SWIPE) go(index - 1);
  }

  return (
    <Page
      align="center"
      className="sign-in-page onboarding-page"
      actions={
        <div className="action-pair">
          {index > 0 ? (
            <Button variant="secondary" size="lg" icon={<ChevronLeftIcon size={20} />} onClick={() => go(index - 1)}>
              <Trans>Previous</Trans>
            </Button>
          ) : null}
          {last ? (
            <Link
              to="/"
              className={buttonClass({ size: 'lg' })}
              ref={(element) => {
                primary.current = element;
              }}
            >
              <Trans>Get started</Trans>
            </Link>
          ) : (
            <Button
              size="lg"
              iconEnd={<ChevronRightIcon size={20} />}
              onClick={() => go(index + 1)}
              ref={(element) => {
                primary.current = element;
              }}
            >
              <Trans>Next</Trans>
            </Button>
          )}
        </div>
      }
    >
      <div className="onboarding-top">
        {last ? null : (
          <Link to="/" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            <Trans>Skip</Trans>
          </Link>
        )}
      </div>
      <div
        className="onboarding-steps"
        aria-live="polite"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div key={index} className={cx('onboarding-step', `onboarding-step--${direction}`)}>
          <div className="onboarding-art" aria-hidden="true">
            {step.icon}
          </div>
          <p className="onboarding-count">
            <Trans>
              Step {index + 1} of {STEPS.length}
            </Trans>
          </p>
          <h1 className="onboarding-title">{i18n._(step.title)}</h1>
          <p className="onboarding-text">{i18n._(step.text)}</p>
        </div>
        <ol className="onboarding-dots" aria-hidden="true">
          {STEPS.map((s, i) => (
            <li
              key={s.title.id}
              className={cx('onboarding-dot', i === index && 'is-current', i < index && 'is-done')}
            />
          ))}
        </ol>
      </div>
    </Page>
  );
}
