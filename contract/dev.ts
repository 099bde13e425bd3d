// Wire format of the development helpers (only when the server runs without SMTP): GET /api/dev/mail?to=<email>.
import { z } from 'zod';

export const devMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof devMail>;
export const devMailQuery = z.strictObject({ to: z.string().max(254).optional() });
