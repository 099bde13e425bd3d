import type { AuthSession } from '../auth/session';

/** Hono typing of our app: what middleware puts on the context. */
export type AppEnv = {
  Variables: {
    session: AuthSession;
    correlationId: string;
    /** The console's wrong-token counter of this caller (routes/forecourt.ts). */
    consoleThrottleKey: string;
    /** The console was opened with a sign-in cookie (it offers "Sign out"). */
    consoleSignedIn: boolean;
  };
};
