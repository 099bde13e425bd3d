// /login and /register offer the identity providers the server offers (GET auth/login/openId/providers), not the
// build's: a server without DEMO_MODE has no "Continue with Demo ID", one that cannot be asked offers none.

import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openIdKeys, takeOpenIdStart } from '../../src/features/session/openid';
import { OpenIdButtons } from '../../src/features/session/ui/OpenIdButtons';
import { queryClient } from '../../src/lib/query-client';
import { renderWith } from './ui/harness';

const demo = { id: 'demo', label: 'Demo ID' };
// The router's navigate, as the buttons call it (no route tree in a component test).
const navigate = vi.hoisted(() => vi.fn());
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

function serverAnswers(status: number, body: unknown) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    calls.push(input instanceof Request ? input.url : String(input));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function renderButtons(redirect?: string) {
  renderWith(
    <>
      <p>form</p>
      <OpenIdButtons redirect={redirect} />
    </>,
  );
  return queryClient;
}

describe('OpenIdButtons', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    navigate.mockReset();
    sessionStorage.clear();
  });

  it('a demo server: "Continue with Demo ID", asked of the server', async () => {
    const calls = serverAnswers(200, { providers: [demo] });
    renderButtons();
    expect(await screen.findByRole('button', { name: 'Continue with Demo ID' })).toBeTruthy();
    expect(calls.some((url) => url.endsWith('/api/auth/login/openId/providers'))).toBe(true);
  });

  it('a server with another provider shows that one only', async () => {
    serverAnswers(200, { providers: [{ id: 'acme', label: 'Acme ID' }] });
    renderButtons();
    expect(await screen.findByRole('button', { name: 'Continue with Acme ID' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Demo ID' })).toBeNull();
  });

  it.each([
    ['offers none', 200, { providers: [] }],
    ['does not know the call', 404, { code: 'not_found', message: 'No route' }],
  ])('a server that %s: no provider button', async (_what, status, body) => {
    const calls = serverAnswers(status, body);
    const client = renderButtons();
    // The answer is in (success or error), and the buttons rendered from it.
    await vi.waitFor(() => expect(client.getQueryState(openIdKeys.providers)?.status).not.toBe('pending'));
    expect(calls).toHaveLength(1);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByText('form')).toBeTruthy();
  });

  it('a press asks /openid/callback to start that provider, with where to go afterwards', async () => {
    const calls = serverAnswers(200, { providers: [demo] });
    renderButtons('/pay?pid=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Demo ID' }));
    expect(navigate).toHaveBeenCalledWith({ to: '/openid/callback' });
    expect(takeOpenIdStart()).toEqual({ provider: demo, purpose: 'login', redirect: '/pay?pid=7' });
    // Nothing is asked of the server here: the callback page starts it and says what went wrong.
    expect(calls).toHaveLength(1);
  });
});
