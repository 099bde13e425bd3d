// The payment provider's port (issue 33.3): what the order services ask of the provider that moves the money — how
// the issuer answers a method, hold, capture, release, the 3-D Secure challenge and MB WAY's phone approval. The order
// services call it as ctx.payments and never import the provider; the sandbox (server/psp/sandbox-provider.ts) is its
// adapter, wired in server/create-context.ts. Every call that writes runs inside the caller's transaction, so the
// money and the order's state move together or not at all.
import type { Db, Tx } from './db/client';
import type { CardBehavior, MethodDetails, PaymentMethodRow, PspSessionRow } from './db/schema';

/** What of the process the provider needs (AppContext has it): its own address, its database. */
export type ProviderContext = { env: { publicUrl: string; publicOrigin: string }; db: Db };

/** The saved method (or wallet token) a payment is made with, as the provider knows it: its token's behavior. */
export type ProviderMethod = Pick<PaymentMethodRow, 'id' | 'behavior'>;

/** How the issuer will answer an authorization with this method, before anything is held. */
export type IssuerVerdict = { kind: 'approve' } | { kind: 'challenge' } | { kind: 'decline'; reason: string };

export type HoldResult = { approved: true; reference: string } | { approved: false; reason: string };

export type Settlement = { held: number; captured: number; released: number; voided: boolean };

export type ReturnUrls = { success: string; error: string };

export interface PaymentProvider {
  verdict(method: ProviderMethod): IssuerVerdict;
  /** What a device wallet's payment token stands for (the sandbox's test tokens approve or decline). */
  walletBehavior(token: string): CardBehavior;
  /** Holds `amount` (minor units) for the order; a declining method leaves a DECLINE entry and no hold. */
  hold(
    tx: Tx,
    input: { orderId: string; method: ProviderMethod; amount: number; currency: string; now: Date },
  ): Promise<HoldResult>;
  /**
   * Settles the open hold once: captures `capture` (never above the hold) and releases the rest; 0 voids it.
   * Undefined when there is no open hold (never held, or already settled).
   */
  capture(tx: Tx, input: { orderId: string; capture: number; now: Date }): Promise<Settlement | undefined>;
  /** Gives the whole open hold back; the amount released, or undefined when there was none. */
  release(tx: Tx, input: { orderId: string; now: Date }): Promise<number | undefined>;
  /** What is held for the order now (0 when nothing is); `lock` locks the hold for the caller's transaction. */
  held(db: Db | Tx, input: { orderId: string; lock?: boolean }): Promise<number>;
  /** Records a payment refused after the fact (a failed challenge, a phone that said no): a DECLINE entry, no hold. */
  decline(tx: Tx, input: { orderId: string; amount: number; currency: string; now: Date }): Promise<void>;
  /** Opens the issuer's 3-D Secure challenge for the order; returns the page the driver visits (urls.start). */
  openChallenge(
    ctx: ProviderContext,
    tx: Tx,
    input: { userId: string; orderId: string; paymentMethodId: string; urls: ReturnUrls; now: Date },
  ): Promise<string>;
  /** A new authorization of the order voids its open challenge (the driver left the page and paid another way). */
  closeChallenges(tx: Tx, input: { orderId: string }): Promise<void>;
  /**
   * The driver answered a payment page (the challenge's code, a redirect method's approve or deny, the MB WAY phone),
   * inside the caller's transaction: the page is taken once (a double submit is `gone`); a wrong code with attempts
   * left is `wrong-code`; otherwise the page closes with its outcome (`failed`: the last attempt's code was wrong).
   */
  takeAnswer(
    tx: Tx,
    input: {
      visit: PspSessionRow;
      action: 'approve' | 'deny' | 'timeout';
      code: string;
      redirect?: { name: string } | undefined;
      now: Date;
    },
  ): Promise<
    | { kind: 'gone' }
    | { kind: 'wrong-code'; left: number }
    | { kind: 'answered'; outcome: 'approve' | 'deny' | 'timeout' | 'failed' }
  >;
  /** Where the driver goes after the page, with the payment-return group (pay-flows.md §2). */
  returnTo(
    visit: Pick<PspSessionRow, 'successUrl' | 'errorUrl' | 'orderId'>,
    outcome: { approved: true; paymentId: string } | { approved: false; errorDescription: string },
  ): string;
  mbway: {
    /** Does this payment need the phone: above the mandate's limit without PIN, or the mandate has run out. */
    needsApproval(details: MethodDetails | null, amount: number, now: Date): boolean;
    /** Asks the phone to approve; returns the phone page's address (urls.start). */
    openPayment(
      ctx: ProviderContext,
      tx: Tx,
      input: {
        userId: string;
        orderId: string;
        paymentMethodId: string;
        phoneNumber: string | null;
        urls: ReturnUrls;
        now: Date;
      },
    ): Promise<string>;
    /** Payments the phone did not answer in time (their orders fail). */
    expired(ctx: ProviderContext, now: Date): Promise<PspSessionRow[]>;
  };
}
