import { hashPassword, newToken } from '../../auth/crypto';
import type { AppContext } from '../../context';

/** A hash of nothing anyone knows: an unknown email is verified against it so it answers in similar time. */
export function dummyHash({ ctx }: { ctx: AppContext }): Promise<string> {
  let p = ctx.memo.get('dummyHash') as Promise<string> | undefined;
  if (!p) {
    p = hashPassword(ctx.env, newToken());
    ctx.memo.set('dummyHash', p);
  }
  return p;
}
