// Answers of the API that had no schema of their own in contract/ (the client checked them with inline schemas): named
// here so the OpenAPI document (server/openapi) and the app's client describe them with the same objects.
import { z } from 'zod';

/** POST /functions/decrypt_otp: the host app's one-time password, opened for the given email. */
export const decryptOtpResponse = z.object({ otp: z.string() }).meta({ description: 'The opened one-time password' });

/** DELETE /v4/account-history/{id}/images/{imageId}. */
export const imageDeleted = z.object({ ok: z.literal(true) });
