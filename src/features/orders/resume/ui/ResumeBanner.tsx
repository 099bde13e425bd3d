// The running-order banner (issue 33.4): under the top bar on every screen but the one that already shows the order,
// one row per running order ("Pump 3 at Nordwind Berlin — fuelling · Open"), dismissable per order until its stage
// changes. Loaded after the first screen (ResumeOrders.tsx), with the kept list (Dexie) and its query.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { useOnline } from '../../../../lib/use-online';
import { CarWashIcon, CloseIcon, EvPlugIcon, FuelIcon, GiftIcon, OfflineIcon } from '../../../../ui/icons';
import { type KeptOrder, phaseOf, seenHere, visibleOrders } from '../model/resume-list';
import { type OrderKind, orderKind, type ResumePhase, resumeTarget } from '../model/resume-target';
import { useOngoingOrders } from '../queries';
import { dismissKept, forgetKept, useKeptOrders } from '../store';
import { useResumeMessages } from './messages';
import './resume.css';

/** The state word of each stage (after the dash). */
const PHASE_WORDS: Record<ResumePhase, MessageDescriptor> = {
  unpaid: msg`not paid yet`,
  releasing: msg`releasing the pump`,
  fuelling: msg`fuelling`,
  toPay: msg`ready to pay`,
  paying: msg`payment in progress`,
  plugIn: msg`plug in your car`,
  charging: msg`charging`,
  done: msg`done`,
  problem: msg`stopped with a problem`,
  cancelled: msg`cancelled`,
  failed: msg`payment failed`,
};

/** What "Open" leads to, for the screen reader (the row's text says the rest). */
const OPEN_LABEL: Record<ResumePhase, MessageDescriptor> = {
  unpaid: msg`Open the summary`,
  releasing: msg`Open the fuelling screen`,
  fuelling: msg`Open the fuelling screen`,
  toPay: msg`Open the summary`,
  paying: msg`Open the receipt`,
  plugIn: msg`Open the charging screen`,
  charging: msg`Open the charging screen`,
  done: msg`Open the receipt`,
  problem: msg`Open what happened`,
  cancelled: msg`Open what happened`,
  failed: msg`Open what happened`,
};

const ICONS: Record<OrderKind, typeof FuelIcon> = {
  fuelPrepay: FuelIcon,
  fuelPostpay: FuelIcon,
  ev: EvPlugIcon,
  wash: CarWashIcon,
  giftCard: GiftIcon,
};

export default function ResumeBanner({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const here = useLocation();
  const online = useOnline();
  const kept = useKeptOrders(userId);
  const titleId = useId();
  const ongoing = useOngoingOrders(userId);
  const translated = useResumeMessages();
  const search = here.search as { orderId?: unknown };
  // A screen of another order (one just made, paid): the list learns of it now, so a browser killed on that screen
  // still finds it kept on the device, even without signal at the next start.
  const screenOrder = typeof search.orderId === 'string' ? search.orderId : null;
  const { refetch } = ongoing;
  useEffect(() => {
    if (screenOrder) void refetch({ cancelRefetch: false });
  }, [screenOrder, refetch]);

  // A finished order seen on its own screen (the receipt, the cancel page) needs no banner any more.
  const seen = kept ? seenHere(kept, { pathname: here.pathname, search }) : [];
  const seenKey = seen.join(',');
  useEffect(() => {
    if (seenKey) void forgetKept(seenKey.split(','));
  }, [seenKey]);

  const shown = kept ? visibleOrders(kept, { pathname: here.pathname, search }) : [];
  if (shown.length === 0 || !translated) return null;
  return (
    <section className="resume" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        <Trans>Your running orders</Trans>
      </h2>
      {online ? null : (
        <p className="resume-hint">
          <OfflineIcon size={14} aria-hidden="true" />
          <Trans>Offline, last known</Trans>
        </p>
      )}
      <ul className="resume-list">
        {shown.map((k) => (
          <ResumeRow key={k.id} kept={k} label={i18n._(deviceLabel(k))} />
        ))}
      </ul>
    </section>
  );
}

/** "Pump 3 at Nordwind Berlin", "Charger 2 at VoltWay Berlin", without the station when it is not known. */
function deviceLabel(k: KeptOrder): MessageDescriptor {
  const device = k.order.products[0]?.name ?? '';
  const station = k.station?.name;
  switch (orderKind(k.order)) {
    case 'fuelPrepay':
    case 'fuelPostpay':
      return station ? msg`Pump ${device} at ${station}` : msg`Pump ${device}`;
    case 'ev':
      return station ? msg`Charger ${device} at ${station}` : msg`Charger ${device}`;
    case 'wash':
      return station ? msg`Car wash ${device} at ${station}` : msg`Car wash ${device}`;
    case 'giftCard':
      return station ? msg`Gift card at ${station}` : msg`Gift card`;
  }
}

function ResumeRow({ kept, label }: { kept: KeptOrder; label: string }) {
  const { i18n } = useLingui();
  const textId = useId();
  const target = resumeTarget(kept.order);
  const Icon = ICONS[orderKind(kept.order)];
  const word = i18n._(PHASE_WORDS[target.phase]);
  return (
    <li className={`resume-row resume-row--${target.phase}`}>
      <Icon size={20} aria-hidden="true" className="resume-icon" />
      <p className="resume-text" id={textId}>
        <strong>{label}</strong> — {word}
      </p>
      <Link
        to={target.to}
        search={target.search}
        className="resume-open"
        aria-label={i18n._(OPEN_LABEL[target.phase])}
        aria-describedby={textId}
      >
        <Trans>Open</Trans>
      </Link>
      <button
        type="button"
        className="resume-dismiss"
        aria-label={i18n._(msg`Dismiss: ${label}`)}
        onClick={() => void dismissKept(kept.id, phaseOf(kept.order))}
      >
        <CloseIcon size={18} aria-hidden="true" />
      </button>
    </li>
  );
}
