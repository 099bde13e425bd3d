// Addresses a wallet sends the driver back to must be this app's own (no open redirect through a wallet).
import type { AppContext } from '../context';
import { DomainError } from '../errors';

export function ownUrl(ctx: AppContext, path: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new DomainError('unprocessable', 'unprocessable', `${path} must be an absolute URL`, [
      { path, message: 'Invalid' },
    ]);
  }
  if (url.origin !== ctx.env.publicOrigin) {
    throw new DomainError(
      'unprocessable',
      'unprocessable',
      `${path} must be an address of this app (${ctx.env.publicOrigin})`,
      [{ path, message: 'Not this app' }],
    );
  }
  return url.toString();
}
