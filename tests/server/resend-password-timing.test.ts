// Issue 32.10: POST /auth/resend-password answered a known email in ~29 ms and an unknown one in ~7 ms (medians, over
// HTTP): account enumeration by timing. Measured here as an attacker does, over a real socket against the app served
// by @hono/node-server, with mail going to a real SMTP relay (smtp-server, STARTTLS with the test CA) that takes
// RELAY_MS to accept a mail: whatever of the mail's work a request did for a known email only (reading the account,
// hashing, rendering, talking to the relay) shows as a gap between the two medians. The request only queues a row, the
// same for any email; the queue's drainer sends after the answer (between the samples here, as a leader would).
// The bound is generous (a shared machine): the medians differ by less than 15 ms, or by less than a factor of 2.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { drivers, PASSWORD, uniqueEmail, useServer } from './helpers';
import { CA_FILE, startRelay } from './smtp-relay';

const SAMPLES = 20;
/** The relay's time to accept a mail: a request that waited for it would be this much slower for a known email. */
const RELAY_MS = 250;
const BOUND_MS = 15;
const BOUND_RATIO = 2;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

describe.each(drivers)('resend-password takes the same time for a known and an unknown email (%s)', (driver) => {
  const t = useServer(driver);
  let relay: Awaited<ReturnType<typeof startRelay>>;
  beforeAll(async () => {
    relay = await startRelay({ starttls: true, delayMs: RELAY_MS });
  });
  afterAll(async () => {
    await relay?.close();
  });

  it(`the medians of ${SAMPLES} requests each differ by less than ${BOUND_MS} ms or a factor of ${BOUND_RATIO}`, async () => {
    // The server's own argon2 cost (the defaults), so that a hash of difference would show too.
    const s = await t.server.withEnv({
      ARGON2_MEMORY_KIB: '19456',
      ARGON2_ITERATIONS: '2',
      MAIL_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(relay.port),
      SMTP_USER: 'relay-user',
      SMTP_PASS: 'relay pass',
      SMTP_CA_FILE: CA_FILE,
      SMTP_REQUIRE_TLS: 'true',
      RATE_LIMIT_PASSWORD_MAILS: '0',
    });
    const known: string[] = [];
    for (let i = 0; i < SAMPLES + 1; i++) {
      const email = uniqueEmail('timing-known');
      const res = await t.server.request('/api/auth/register', {
        body: { email, password: PASSWORD, termsAccepted: true },
      });
      expect(res.status).toBe(201);
      known.push(email);
    }
    const server = serve({ fetch: createApp(s.ctx).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const sent = relay.received.length;
    try {
      const post = async (email: string) => {
        // What the previous sample left (its mail, sent by the drainer) is done before this one starts.
        await s.ctx.background.idle();
        await s.ctx.mailQueue?.drainDue();
        const started = performance.now();
        const res = await fetch(`${base}/api/auth/resend-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        });
        await res.arrayBuffer();
        const ms = performance.now() - started;
        expect(res.status).toBe(200);
        return ms;
      };
      // Warm-up: a connection, the first statements.
      await post(known.pop() as string);
      await post(uniqueEmail('timing-nobody'));
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        // Alternating which goes first, so that neither always follows the other's after-work.
        if (i % 2) {
          a.push(await post(known.pop() as string));
          b.push(await post(uniqueEmail('timing-nobody')));
        } else {
          b.push(await post(uniqueEmail('timing-nobody')));
          a.push(await post(known.pop() as string));
        }
      }
      await s.ctx.background.idle();
      await s.ctx.mailQueue?.drainDue();
      const known50 = median(a);
      const unknown50 = median(b);
      const ratio = Math.max(known50, unknown50) / Math.max(0.1, Math.min(known50, unknown50));
      const summary = `known ${known50.toFixed(1)} ms, unknown ${unknown50.toFixed(1)} ms (ratio ${ratio.toFixed(2)}); known ${a.map((x) => x.toFixed(0)).join(' ')}; unknown ${b.map((x) => x.toFixed(0)).join(' ')}`;
      console.info(`resend-password timing (${driver}): ${summary}`);
      expect(Math.abs(known50 - unknown50) < BOUND_MS || ratio < BOUND_RATIO, summary).toBe(true);
      // The known emails' mails really went out (over TLS), the unknown ones' did not.
      expect(relay.received.length - sent).toBe(SAMPLES + 1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 180_000);
});
