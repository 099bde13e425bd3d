/** Who is calling: the live session behind a bearer token (services/auth/authenticate.ts resolves it). */
export type AuthSession = {
  sessionId: string;
  userId: string;
  accountId: string;
  email: string | null;
  isGuest: boolean;
  /** Opened with a temporary password: only the change-password path is open. */
  tempPass: boolean;
};
