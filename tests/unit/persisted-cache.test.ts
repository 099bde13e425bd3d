// The kept query cache (app/query-client.ts): a query whose refetch failed (no signal) is kept as the data the driver
// saw, as a success of when it last succeeded, so a later start without signal still has it; nothing pending is kept.
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dehydrateOptions, serialize } from '../../src/app/query-client';

async function cacheWith() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await client.fetchQuery({ queryKey: ['ok'], queryFn: async () => ['seen'] });
  await client.fetchQuery({ queryKey: ['then-offline'], queryFn: async () => ['cards'] });
  await client
    .fetchQuery({ queryKey: ['then-offline'], queryFn: async () => Promise.reject(new Error('offline')), staleTime: 0 })
    .catch(() => undefined);
  await client
    .fetchQuery({ queryKey: ['never'], queryFn: async () => Promise.reject(new Error('offline')) })
    .catch(() => undefined);
  return client;
}

describe('the kept query cache', () => {
  it('keeps a query whose refetch failed, as its data, and leaves out one that never had data', async () => {
    const client = await cacheWith();
    expect(client.getQueryState(['then-offline'])?.status).toBe('error');
    const kept = JSON.parse(
      serialize({ buster: 'v1', timestamp: 1, clientState: dehydrate(client, dehydrateOptions) }),
    ) as {
      clientState: { queries: { queryKey: string[]; state: { status: string; data: unknown; error: unknown } }[] };
    };
    const byKey = Object.fromEntries(kept.clientState.queries.map((q) => [q.queryKey[0], q.state]));
    expect(byKey.ok).toMatchObject({ status: 'success', data: ['seen'] });
    expect(byKey['then-offline']).toMatchObject({ status: 'success', data: ['cards'], error: null });
    expect(byKey.never).toBeUndefined();
  });

  it('the default would have dropped it (why the options exist)', async () => {
    const client = await cacheWith();
    const keys = dehydrate(client).queries.map((q) => q.queryKey[0]);
    expect(keys).toEqual(['ok']);
  });
});
