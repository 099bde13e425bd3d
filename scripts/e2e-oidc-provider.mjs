// A standard OpenID provider for the browser tests (issue 36): panva's oidc-provider on loopback, with its own login and
// consent pages (devInteractions), one confidential client for the e2e server's /openid/callback. The server under test
// knows it by its issuer alone (OIDC_ISSUER: discovery, keys from jwks_uri). Any login signs in; the login is the
// account (the subject): one with an @ is that verified email, `noemail-…` has none (the app then asks for one).
// Like a real provider, the email comes from userinfo, not in the ID token.
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export const E2E_OIDC = { clientId: 'forecourt-e2e', clientSecret: 'forecourt-e2e-secret', label: 'Acme ID' };

/** Listens on a free loopback port; `redirectUris` are the app's callbacks it accepts. */
export async function startE2eOidcProvider({ redirectUris }) {
  let handler = (_req, res) => res.writeHead(503).end();
  const http = createServer((req, res) => handler(req, res));
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${http.address().port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: E2E_OIDC.clientId,
        client_secret: E2E_OIDC.clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, ...(sub.includes('@') ? { email: sub.toLowerCase(), email_verified: true } : {}) }),
    }),
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'e2e-1', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [crypto.randomUUID()] },
    // Quiet: the development notices are about the in-memory store and these pages, which is what a test wants.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  handler = provider.callback();
  const close = () =>
    new Promise((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    });
  return { issuer, close };
}
