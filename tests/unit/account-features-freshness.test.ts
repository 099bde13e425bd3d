// Account features in the app (issue 13): the console switches them per account, so a signed-in driver must see a
// change within about half a minute — asked again when a screen mounts or the app returns to the foreground once
// they are older than 30 s, never more often, and the cached copy answers meanwhile.
import { focusManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_FEATURES_STALE_MS, featuresQuery } from '../../src/features/session/queries';
import { queryClient as appClient } from '../../src/lib/query-client';

describe('account features freshness', () => {
  let client: QueryClient;
  let calls: number;
  const options = () => ({ ...featuresQuery('acc-1'), queryFn: async () => ({ call: ++calls }) as never });
  const settle = () => vi.advanceTimersByTimeAsync(0);
  const focusAgain = async () => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await settle();
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2031-03-01T08:00:00Z') });
    client = new QueryClient({ defaultOptions: appClient.getDefaultOptions() });
    client.mount(); // as QueryClientProvider does: listens to focus and online
    calls = 0;
  });
  afterEach(() => {
    client.unmount();
    client.clear();
    focusManager.setFocused(undefined);
    vi.useRealTimers();
  });

  it('is fresh for 30 s', () => {
    expect(ACCOUNT_FEATURES_STALE_MS).toBe(30_000);
  });

  it('the app returning to the foreground asks again only once they are older than 30 s', async () => {
    const observer = new QueryObserver(client, options());
    const unsubscribe = observer.subscribe(() => {});
    await settle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    await focusAgain();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(11_000);
    await focusAgain();
    expect(calls).toBe(2);
    unsubscribe();
  });

  it('a screen mounting with features older than 30 s asks again; the cached copy shows meanwhile', async () => {
    await client.fetchQuery(options());
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(29_000);
    const early = new QueryObserver(client, options());
    const stopEarly = early.subscribe(() => {});
    await settle();
    expect(calls).toBe(1);
    stopEarly();
    await vi.advanceTimersByTimeAsync(2_000);
    const late = new QueryObserver(client, options());
    expect(late.getCurrentResult().data).toEqual({ call: 1 });
    const stopLate = late.subscribe(() => {});
    await settle();
    expect(calls).toBe(2);
    expect(late.getCurrentResult().data).toEqual({ call: 2 });
    stopLate();
  });
});
