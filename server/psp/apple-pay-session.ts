// POST /v4/apple-pay/session (pay-flows.md §7): Apple Pay's merchant validation. With APPLE_PAY_CERT_FILE and
// APPLE_PAY_KEY_FILE (the merchant identity certificate) the server asks Apple's gateway for a merchant session over
// mutual TLS; without them the sandbox answers a merchant session of its own (Apple Pay JS in Safari rejects that one:
// the sandbox wallet sheet does not need it). The context must be this app's host (Apple checks the domain).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request } from 'node:https';
import type { z } from 'zod';
import type { applePaySessionBody } from '../../contract/wallets';
import type { AppContext } from '../context';
import { DomainError } from '../errors';

const APPLE_GATEWAY = 'https://apple-pay-gateway.apple.com/paymentservices/paymentSession';
const SESSION_MS = 5 * 60 * 1000;

type Body = z.infer<typeof applePaySessionBody>;

export async function applePayMerchantSession(ctx: AppContext, body: Body): Promise<Record<string, unknown>> {
  const host = new URL(ctx.env.publicUrl).hostname;
  if (body.initiativeContext !== host) {
    throw new DomainError('unprocessable', 'unprocessable', `initiativeContext must be this app's domain (${host})`, [
      { path: 'initiativeContext', message: 'Not this domain' },
    ]);
  }
  if (body.merchantIdentifier !== ctx.env.wallets.applePayMerchantId) {
    throw new DomainError('unprocessable', 'unprocessable', 'Unknown merchantIdentifier', [
      { path: 'merchantIdentifier', message: 'Not our merchant' },
    ]);
  }
  const { applePayCertFile, applePayKeyFile } = ctx.env.wallets;
  if (applePayCertFile && applePayKeyFile) {
    const [cert, key] = await Promise.all([readFile(applePayCertFile), readFile(applePayKeyFile)]);
    return postJson(APPLE_GATEWAY, { ...body }, { cert, key });
  }
  const now = ctx.clock.now().getTime();
  return {
    epochTimestamp: now,
    expiresAt: now + SESSION_MS,
    merchantSessionIdentifier: `SSH${randomBytes(16).toString('hex').toUpperCase()}`,
    nonce: randomBytes(4).toString('hex'),
    merchantIdentifier: body.merchantIdentifier,
    domainName: body.initiativeContext,
    displayName: body.displayName,
    signature: randomBytes(32).toString('base64'),
    operationalAnalyticsIdentifier: 'forecourt-sandbox',
    retries: 0,
    pspId: 'forecourt-sandbox',
  };
}

/** One JSON POST with a client certificate; Apple's answer or a 422 when the gateway refuses. */
function postJson(url: string, body: unknown, tls: { cert: Buffer; key: Buffer }): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        cert: tls.cert,
        key: tls.key,
        headers: { 'content-type': 'application/json' },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) {
            reject(
              new DomainError(
                'unprocessable',
                'unprocessable',
                `Apple Pay refused the merchant validation (${res.statusCode})`,
              ),
            );
            return;
          }
          try {
            resolve(JSON.parse(text) as Record<string, unknown>);
          } catch {
            reject(new DomainError('unprocessable', 'unprocessable', 'Apple Pay answered no merchant session'));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => reject(new DomainError('unprocessable', 'unprocessable', 'Apple Pay could not be reached')));
    req.end(JSON.stringify(body));
  });
}
