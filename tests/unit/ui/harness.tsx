// Rendering kit components as the app does: Lingui with a real catalog, and <dialog> made modal-capable for jsdom.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { catalogs } from '../catalog';

export function renderWith(ui: ReactNode, locale: 'en' | 'de' = 'en') {
  i18n.loadAndActivate({ locale, messages: catalogs[locale] });
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

/** jsdom has <dialog> but no showModal(): enough of it for open state, close events and Escape (cancel). */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __kit?: boolean };
  if (proto.__kit) return;
  proto.__kit = true;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
