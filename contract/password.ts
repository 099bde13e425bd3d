// Password rules beyond the length (shell-and-account.md §5: 8 to 40 characters, in auth.ts). The server refuses a
// weak password on register and change-password with 422 `weak_password` and `details: {reason}`; the app can check
// the first two reasons itself (passwordWeakness) and shows a translated text per reason.
import { z } from 'zod';
import { passwordWeakness, type WeakPasswordReason, weakPasswordReasons } from './plain/password';

export { passwordWeakness, type WeakPasswordReason, weakPasswordReasons };

export const weakPasswordDetails = z.object({ reason: z.enum(weakPasswordReasons) });
