// Wire format of the lottery benefit (shell-and-account.md §3 Lottery "lotteries, hasJoined", §7 "GET /v4/rewards-status",
// "GET optins/name/{name}", "POST /optins: name, action"). The app asks for the driver's consent to the lottery's terms; the join is
// that consent (§8 "lottery consent and join failures"). Shared by app and server.
import { z } from 'zod';

export const lotteryStatus = z.enum(['UPCOMING', 'RUNNING', 'DRAWN']);
export type LotteryStatus = z.infer<typeof lotteryStatus>;

export const lottery = z.object({
  id: z.string(),
  /** The opt-in name that joins it (POST /optins {name}). */
  name: z.string(),
  title: z.string(),
  description: z.string(),
  prize: z.string(),
  /** What the driver agrees to by joining, shown next to the consent box. */
  terms: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  drawAt: z.string(),
  status: lotteryStatus,
  hasJoined: z.boolean(),
  joinedAt: z.string().nullable(),
});
export type Lottery = z.infer<typeof lottery>;

export const rewardsStatus = z.object({
  lotteries: z.array(lottery),
  /** Joined at least one running lottery. */
  hasJoined: z.boolean(),
});
export type RewardsStatus = z.infer<typeof rewardsStatus>;

export const OPTIN_ACTIONS = ['JOIN'] as const;
/** POST /optins {name, action} (§7): joining is the consent. `consent: false` is refused: 422 lottery_consent_required. */
export const optinBody = z.strictObject({
  name: z.string().min(1).max(64),
  action: z.enum(OPTIN_ACTIONS),
  consent: z.boolean().optional(),
});
export type OptinBody = z.infer<typeof optinBody>;

export const optin = z.object({
  name: z.string(),
  hasJoined: z.boolean(),
  joinedAt: z.string().nullable(),
  consentAt: z.string().nullable(),
});
export type Optin = z.infer<typeof optin>;
