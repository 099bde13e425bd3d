// The sandbox "Sign in with Amazon" button asks for its signed config as a query keyed on what the driver typed,
// once the typing stopped (not per keystroke); a server without Amazon sign-in (404) shows no button.

import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AmazonSignInButton } from '../../src/features/session/ui/AmazonSignInButton';
import { queryClient } from '../../src/lib/query-client';
import { catalogs } from './catalog';

const signed = {
  payloadJSON: '{}',
  signature: 'c2ln',
  publicKeyId: 'SANDBOX-1',
  merchantId: 'A1',
  ledgerCurrency: 'EUR',
  sandbox: true,
};

/** The server's answers; records the cancel URL of each config asked for. */
function server(status: number) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const body = (await input.clone().json()) as { signInCancelUrl: string };
    asked.push(new URL(body.signInCancelUrl).searchParams.get('email') ?? '');
    const answer = status === 200 ? signed : { code: 'not_found', message: 'No Amazon sign-in' };
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

const wrap = (ui: ReactNode) => (
  <I18nProvider i18n={i18n}>
    <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
  </I18nProvider>
);

describe('Sign in with Amazon: the signed config', () => {
  i18n.loadAndActivate({ locale: 'en', messages: catalogs.en });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('is asked for what was typed once the typing stops, not for every keystroke', async () => {
    const asked = server(200);
    const view = render(wrap(<AmazonSignInButton from="/login" email="" />));
    await vi.waitFor(() => expect(asked).toEqual(['']));
    for (const typed of ['e', 'er', 'erika@example.com']) {
      view.rerender(wrap(<AmazonSignInButton from="/login" email={typed} />));
    }
    await vi.waitFor(() => expect(asked).toEqual(['', 'erika@example.com']));
    const button = screen.getByRole('button', { name: 'Sign in with Amazon' });
    expect(button.getAttribute('aria-busy')).not.toBe('true');
  });

  it('a server without Amazon sign-in (404): no button', async () => {
    const asked = server(404);
    render(wrap(<AmazonSignInButton from="/register" />));
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    await act(() => vi.waitFor(() => expect(screen.queryByRole('button')).toBeNull()));
  });
});
