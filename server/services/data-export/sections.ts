// What the data export holds (GDPR art. 15 and 20): one section per kind of data, each written as <file>.json and
// <file>.csv with the same rows, read from the database a page at a time. `tables` names every table a section reads:
// coverage.ts checks, with the schema, that no table keyed by the user is left out unnoticed.
// Never exported: password and PIN hashes, payment tokens, session and challenge secrets, WebAuthn public keys.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import {
  amazonIdentities,
  completedTutorials,
  historyCosts,
  historyEvents,
  historyImages,
  historyPayments,
  historySeries,
  historyTrips,
  loyaltySubscriptions,
  oidcIdentities,
  optins,
  orderDiscounts,
  orderLoyaltyItems,
  orders,
  paymentHolds,
  paymentLedger,
  paymentMethods,
  paymentPins,
  redemptionCodes,
  referralCodes,
  referrals,
  sessions,
  things,
  users,
  voucherCampaigns,
  voucherParticipations,
  webauthnCredentials,
} from '../../db/schema';

export type ExportRow = Record<string, unknown>;

export type Section = {
  /** File name without extension: <file>.json and <file>.csv. */
  file: string;
  /** README.txt's line about it. */
  about: string;
  /** The SQL tables it reads. */
  tables: string[];
  columns: string[];
  rows(ctx: AppContext, userId: string): AsyncIterable<ExportRow>;
};

const PAGE = 500;

/** Rows a page at a time in the order of `key` (a unique text column): memory holds one page. */
async function* keyset(
  key: PgColumn | SQL,
  page: (after: SQL | undefined, order: SQL) => Promise<ExportRow[]>,
): AsyncIterable<ExportRow> {
  let after: string | undefined;
  for (;;) {
    const rows = await page(after === undefined ? undefined : sql`${key} > ${after}`, asc(key));
    yield* rows;
    if (rows.length < PAGE) return;
    after = String(rows[rows.length - 1]?._key);
  }
}

/** Drops the paging key from a row. */
async function* withoutKey(rows: AsyncIterable<ExportRow>): AsyncIterable<ExportRow> {
  for await (const { _key: _, ...row } of rows) yield row;
}

/** A section over one table (or a join) filtered by the user, paged by `key`. */
function section<S extends Record<string, PgColumn | SQL.Aliased>>(opts: {
  file: string;
  about: string;
  tables: string[];
  select: S;
  /** Columns a query adds to the selected ones. */
  extraColumns?: string[];
  /** Unique within the user's rows (a column, or an expression for a composite key). */
  key: PgColumn | SQL;
  query: (
    ctx: AppContext,
    select: S & { _key: PgColumn | SQL },
    userId: string,
    after: SQL | undefined,
    order: SQL,
  ) => Promise<ExportRow[]>;
}): Section {
  return {
    file: opts.file,
    about: opts.about,
    tables: opts.tables,
    columns: [...Object.keys(opts.select), ...(opts.extraColumns ?? [])],
    rows: (ctx, userId) =>
      withoutKey(
        keyset(opts.key, (after, order) => opts.query(ctx, { ...opts.select, _key: opts.key }, userId, after, order)),
      ),
  };
}

const profileColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  isGuest: users.isGuest,
  accountId: users.accountId,
  localisationCountry: users.localisationCountry,
  userCurrency: users.userCurrency,
  quickCheckout: users.quickCheckout,
  twoFactorMethod: users.twoFactorMethod,
  preferredThing: users.preferredThing,
  thingAvatars: users.thingAvatars,
  odometerScreenData: users.odometerScreenData,
  partner: users.partner,
  referrer: users.referrer,
  referralPlatform: users.referralPlatform,
  registrationData: users.registrationData,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** "<text>:<000042>": a composite key that sorts like (text, position). */
const composite = (text: PgColumn, position: PgColumn) =>
  sql<string>`${text} || ':' || lpad(${position}::text, 9, '0')`;

/** The rows of the orders of the user (joined tables: holds, ledger, discounts, loyalty items). */
const ownOrder = (userId: string) => eq(orders.userId, userId);

/** The query of a table whose rows belong to an order: joined to the user's orders, paged by the section's key. */
const ofOwnOrders =
  (table: PgTable, orderId: PgColumn) =>
  (ctx: AppContext, select: Record<string, PgColumn | SQL>, userId: string, after: SQL | undefined, order: SQL) =>
    ctx.db
      .select(select)
      .from(table)
      .innerJoin(orders, eq(orders.id, orderId))
      .where(and(ownOrder(userId), after))
      .orderBy(order)
      .limit(PAGE);

export const SECTIONS: Section[] = [
  section({
    file: 'profile',
    about: 'Your account: name, email, phone, language and currency settings, how you registered.',
    tables: ['users'],
    select: profileColumns,
    key: users.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(users)
        .where(and(eq(users.id, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'addresses',
    about: 'Your postal (invoice) address.',
    tables: ['users'],
    select: {
      street: users.street,
      houseNumber: users.houseNumber,
      street2: users.street2,
      zip: users.zip,
      city: users.city,
      countryCode: users.countryCode,
    },
    key: users.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(users)
        .where(and(eq(users.id, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'tax-data',
    about: 'Your company name and VAT data as printed on invoices.',
    tables: ['users'],
    select: { companyName: users.companyName, taxCountry: users.taxCountry, taxId: users.taxId },
    key: users.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(users)
        .where(and(eq(users.id, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  {
    file: 'consents',
    about:
      'Your consents and opt-ins: marketing by email, push and SMS (MARKETING, "given" true or false, as last changed), and the lotteries and programmes you joined (OPT_IN, with when you agreed to their terms).',
    tables: ['users', 'optins'],
    columns: ['kind', 'name', 'given', 'at'],
    async *rows(ctx, userId) {
      const [u] = await ctx.db
        .select({
          email: users.marketingEmail,
          push: users.marketingPush,
          sms: users.marketingSms,
          at: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (u) {
        yield { kind: 'MARKETING', name: 'email', given: u.email, at: u.at };
        yield { kind: 'MARKETING', name: 'push', given: u.push, at: u.at };
        yield { kind: 'MARKETING', name: 'sms', given: u.sms, at: u.at };
      }
      const rows = keyset(optins.id, (after, order) =>
        ctx.db
          .select({ _key: optins.id, name: optins.name, at: optins.consentAt })
          .from(optins)
          .where(and(eq(optins.userId, userId), after))
          .orderBy(order)
          .limit(PAGE),
      );
      for await (const r of rows) yield { kind: 'OPT_IN', name: r.name, given: true, at: r.at };
    },
  },
  section({
    file: 'vehicles',
    about: 'Your vehicles.',
    tables: ['things'],
    select: {
      id: things.id,
      type: things.type,
      nickName: things.nickName,
      brand: things.brand,
      model: things.model,
      buildYear: things.buildYear,
      fuelType: things.fuelType,
      tankCapacityL: things.tankCapacityL,
      licensePlate: things.licensePlate,
      vin: things.vin,
      mileageKm: things.mileageKm,
      nextInspection: things.nextInspection,
      createdAt: things.createdAt,
      updatedAt: things.updatedAt,
    },
    key: things.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(things)
        .where(and(eq(things.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'payment-methods',
    about:
      'Your saved payment methods: brand, last 4 digits and expiry of cards (never the card number: the payment provider keeps it), and the account of PayPal or the phone of MB WAY.',
    tables: ['payment_methods'],
    select: {
      id: paymentMethods.id,
      provider: paymentMethods.provider,
      method: paymentMethods.method,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      expMonth: paymentMethods.expMonth,
      expYear: paymentMethods.expYear,
      holderName: paymentMethods.holderName,
      label: paymentMethods.label,
      isPreferred: paymentMethods.isPreferred,
      state: paymentMethods.state,
      details: paymentMethods.details,
      isRegisteredFor2FA: paymentMethods.isRegisteredFor2FA,
      twoFactorRegistrationMethod: paymentMethods.twoFactorRegistrationMethod,
      createdAt: paymentMethods.createdAt,
    },
    key: paymentMethods.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'payment-pin',
    about: 'Whether you set a payment PIN, wrong entries in a row and a lock (never the PIN or its hash).',
    tables: ['payment_pins'],
    select: { failures: paymentPins.failures, lockedAt: paymentPins.lockedAt, updatedAt: paymentPins.updatedAt },
    key: paymentPins.userId,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(paymentPins)
        .where(and(eq(paymentPins.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'orders',
    about:
      'Your orders (fuel, EV charging, car wash, gift cards): station, product, state and its history, amounts in minor units (precision 2), the payment method used. Holds, captures, discounts and loyalty points are in the files below, by orderId.',
    tables: ['orders'],
    select: {
      id: orders.id,
      createdAt: orders.createdAt,
      poiId: orders.poiId,
      productId: orders.productId,
      productName: orders.productName,
      productType: orders.productType,
      itemCode: orders.itemCode,
      itemName: orders.itemName,
      orderType: orders.orderType,
      state: orders.state,
      stateChangedAt: orders.stateChangedAt,
      stateHistory: orders.stateHistory,
      thingId: orders.thingId,
      carOdometerM: orders.carOdometerM,
      tankIsFull: orders.tankIsFull,
      currency: orders.currency,
      unit: orders.unit,
      unitPrice: orders.unitPrice,
      unitPrecision: orders.unitPrecision,
      authorizeAmount: orders.authorizeAmount,
      quantityMl: orders.quantityMl,
      totalAmount: orders.totalAmount,
      costLimit: orders.costLimit,
      charge: orders.charge,
      paymentMethodId: orders.paymentMethodId,
      paymentBrand: orders.paymentBrand,
      paymentLast4: orders.paymentLast4,
      errorMessage: orders.errorMessage,
      updatedAt: orders.updatedAt,
    },
    key: orders.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(orders)
        .where(and(ownOrder(u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'payment-holds',
    about:
      "The payment provider's hold per order: amount held, captured and released (minor units), its status and when it was settled.",
    tables: ['payment_holds', 'orders'],
    select: {
      orderId: paymentHolds.orderId,
      paymentMethodId: paymentHolds.paymentMethodId,
      currency: paymentHolds.currency,
      held: paymentHolds.held,
      captured: paymentHolds.captured,
      released: paymentHolds.released,
      status: paymentHolds.status,
      createdAt: paymentHolds.createdAt,
      settledAt: paymentHolds.settledAt,
    },
    key: paymentHolds.orderId,
    query: ofOwnOrders(paymentHolds, paymentHolds.orderId),
  }),
  section({
    file: 'payment-ledger',
    about: 'Every money movement of your orders at the payment provider: HOLD, CAPTURE, RELEASE, VOID, DECLINE.',
    tables: ['payment_ledger', 'orders'],
    select: {
      id: paymentLedger.id,
      orderId: paymentLedger.orderId,
      kind: paymentLedger.kind,
      amount: paymentLedger.amount,
      currency: paymentLedger.currency,
      precision: paymentLedger.precision,
      reference: paymentLedger.reference,
      createdAt: paymentLedger.createdAt,
    },
    key: paymentLedger.id,
    query: ofOwnOrders(paymentLedger, paymentLedger.orderId),
  }),
  section({
    file: 'order-discounts',
    about: 'Voucher discounts your orders received (minor units).',
    tables: ['order_discounts', 'orders'],
    select: {
      orderId: orderDiscounts.orderId,
      position: orderDiscounts.position,
      campaignId: orderDiscounts.campaignId,
      name: orderDiscounts.name,
      label: orderDiscounts.label,
      amount: orderDiscounts.amount,
      currency: orderDiscounts.currency,
      createdAt: orderDiscounts.createdAt,
    },
    key: composite(orderDiscounts.orderId, orderDiscounts.position),
    query: ofOwnOrders(orderDiscounts, orderDiscounts.orderId),
  }),
  section({
    file: 'order-loyalty-points',
    about: 'Loyalty points your orders collected, and the card total after each.',
    tables: ['order_loyalty_items', 'orders'],
    select: {
      orderId: orderLoyaltyItems.orderId,
      position: orderLoyaltyItems.position,
      subscriptionId: orderLoyaltyItems.subscriptionId,
      programName: orderLoyaltyItems.programName,
      amount: orderLoyaltyItems.amount,
      totalAmount: orderLoyaltyItems.totalAmount,
      createdAt: orderLoyaltyItems.createdAt,
    },
    key: composite(orderLoyaltyItems.orderId, orderLoyaltyItems.position),
    query: ofOwnOrders(orderLoyaltyItems, orderLoyaltyItems.orderId),
  }),
  section({
    file: 'wash-codes',
    about: 'Car wash codes you bought, when they expire and whether they were used.',
    tables: ['redemption_codes'],
    select: {
      id: redemptionCodes.id,
      code: redemptionCodes.code,
      orderId: redemptionCodes.orderId,
      itemCode: redemptionCodes.itemCode,
      expiresAt: redemptionCodes.expiresAt,
      usedAt: redemptionCodes.usedAt,
      createdAt: redemptionCodes.createdAt,
    },
    key: redemptionCodes.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(redemptionCodes)
        .where(and(eq(redemptionCodes.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'receipts',
    about: 'The receipt of each completed order, as kept in your history (station, items, VAT, amounts).',
    tables: ['history_payments', 'history_events'],
    select: {
      eventId: historyPayments.eventId,
      orderId: historyPayments.orderId,
      sampleTime: historyEvents.sampleTime,
      details: historyPayments.details,
    },
    key: historyPayments.eventId,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(historyPayments)
        .innerJoin(historyEvents, eq(historyEvents.id, historyPayments.eventId))
        .where(and(eq(historyEvents.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'history',
    about:
      'Your history (logbook): payments, costs, trips and refuellings; amounts in deci-cents, fuel in ml, energy in Wh, mileage in metres.',
    tables: ['history_events'],
    select: {
      id: historyEvents.id,
      type: historyEvents.type,
      source: historyEvents.source,
      sampleTime: historyEvents.sampleTime,
      thingId: historyEvents.thingId,
      category: historyEvents.category,
      currency: historyEvents.currency,
      amountDeciCents: historyEvents.amountDeciCents,
      productType: historyEvents.productType,
      fuelMl: historyEvents.fuelMl,
      energyWh: historyEvents.energyWh,
      odometerM: historyEvents.odometerM,
      tankFull: historyEvents.tankFull,
      mergedInto: historyEvents.mergedInto,
      createdAt: historyEvents.createdAt,
      updatedAt: historyEvents.updatedAt,
    },
    key: historyEvents.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(historyEvents)
        .where(and(eq(historyEvents.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'history-costs',
    about: 'Your costs: name, notes and recurrence, by history eventId (amounts are in history).',
    tables: ['history_costs', 'history_events'],
    select: {
      eventId: historyCosts.eventId,
      name: historyCosts.name,
      notes: historyCosts.notes,
      recurrencePeriod: historyCosts.recurrencePeriod,
      seriesId: historyCosts.seriesId,
      seriesIndex: historyCosts.seriesIndex,
    },
    key: historyCosts.eventId,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(historyCosts)
        .innerJoin(historyEvents, eq(historyEvents.id, historyCosts.eventId))
        .where(and(eq(historyEvents.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'history-recurring-costs',
    about: 'Your recurring costs: period, first occurrence, next due, and what each occurrence copies.',
    tables: ['history_series'],
    select: {
      id: historySeries.id,
      period: historySeries.period,
      anchor: historySeries.anchor,
      nextIndex: historySeries.nextIndex,
      nextAt: historySeries.nextAt,
      template: historySeries.template,
      createdAt: historySeries.createdAt,
    },
    key: historySeries.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(historySeries)
        .where(and(eq(historySeries.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'history-trips',
    about: 'Your trips: distance (m), driving score, start and end address and position, by history eventId.',
    tables: ['history_trips', 'history_events'],
    select: {
      eventId: historyTrips.eventId,
      distanceM: historyTrips.distanceM,
      drivingScore: historyTrips.drivingScore,
      startAddress: historyTrips.startAddress,
      endAddress: historyTrips.endAddress,
      startLat: historyTrips.startLat,
      startLon: historyTrips.startLon,
      endLat: historyTrips.endLat,
      endLon: historyTrips.endLon,
      endTime: historyTrips.endTime,
      isResultOfMerge: historyTrips.isResultOfMerge,
    },
    key: historyTrips.eventId,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(historyTrips)
        .innerJoin(historyEvents, eq(historyEvents.id, historyTrips.eventId))
        .where(and(eq(historyEvents.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'history-images',
    about: 'The images of your history events (receipts, photos); each one is the file named in "file".',
    tables: ['history_images', 'history_image_chunks'],
    select: {
      id: historyImages.id,
      eventId: historyImages.eventId,
      contentType: historyImages.contentType,
      byteSize: historyImages.byteSize,
      createdAt: historyImages.createdAt,
    },
    key: historyImages.id,
    extraColumns: ['file'],
    query: async (ctx, s, u, after, order) =>
      (
        await ctx.db
          .select(s)
          .from(historyImages)
          .where(and(eq(historyImages.userId, u), eq(historyImages.ready, true), after))
          .orderBy(order)
          .limit(PAGE)
      ).map((r) => ({ ...r, file: imageFileName(r) })),
  }),
  section({
    file: 'loyalty-cards',
    about: 'Your loyalty cards: programme, card number, and the partner account it created.',
    tables: ['loyalty_subscriptions'],
    select: {
      id: loyaltySubscriptions.id,
      provider: loyaltySubscriptions.provider,
      cardNumber: loyaltySubscriptions.cardNumber,
      email: loyaltySubscriptions.email,
      partnerAccount: loyaltySubscriptions.partnerAccount,
      createdAt: loyaltySubscriptions.createdAt,
    },
    key: loyaltySubscriptions.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(loyaltySubscriptions)
        .where(and(eq(loyaltySubscriptions.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'vouchers',
    about: 'Your vouchers: the offer, its value, uses left and whether it is active.',
    tables: ['voucher_participations', 'voucher_campaigns'],
    select: {
      id: voucherParticipations.id,
      campaignId: voucherParticipations.campaignId,
      name: voucherCampaigns.name,
      description: voucherCampaigns.description,
      kind: voucherCampaigns.kind,
      value: voucherCampaigns.value,
      currency: voucherCampaigns.currency,
      code: voucherCampaigns.code,
      validUntil: voucherCampaigns.validUntil,
      active: voucherParticipations.active,
      usesLeft: voucherParticipations.usesLeft,
      createdAt: voucherParticipations.createdAt,
    },
    key: voucherParticipations.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(voucherParticipations)
        .innerJoin(voucherCampaigns, eq(voucherCampaigns.id, voucherParticipations.campaignId))
        .where(and(eq(voucherParticipations.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  {
    file: 'referrals',
    about:
      'Refer-a-friend: your own code (MY_CODE), the code you joined with (REFERRED_BY) and the friends who joined with yours (FRIEND, without who they are), with the fuel counted and when the reward was granted.',
    tables: ['referral_codes', 'referrals'],
    columns: ['role', 'code', 'friendFuelMl', 'completedAt', 'createdAt'],
    async *rows(ctx, userId) {
      const [own] = await ctx.db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
      if (own)
        yield { role: 'MY_CODE', code: own.code, friendFuelMl: null, completedAt: null, createdAt: own.createdAt };
      const [by] = await ctx.db.select().from(referrals).where(eq(referrals.friendUserId, userId));
      if (by) {
        yield {
          role: 'REFERRED_BY',
          code: by.code,
          friendFuelMl: by.friendFuelMl,
          completedAt: by.completedAt,
          createdAt: by.createdAt,
        };
      }
      const friends = keyset(referrals.friendUserId, (after, order) =>
        ctx.db
          .select({
            _key: referrals.friendUserId,
            code: referrals.code,
            friendFuelMl: referrals.friendFuelMl,
            completedAt: referrals.completedAt,
            createdAt: referrals.createdAt,
          })
          .from(referrals)
          .where(and(eq(referrals.referrerUserId, userId), after))
          .orderBy(order)
          .limit(PAGE),
      );
      for await (const { _key: _, ...f } of friends) yield { role: 'FRIEND', ...f };
    },
  },
  section({
    file: 'tutorials',
    about: 'The tutorials you completed, and in which language.',
    tables: ['completed_tutorials'],
    select: {
      topicId: completedTutorials.topicId,
      tutorialLanguage: completedTutorials.tutorialLanguage,
      completedAt: completedTutorials.completedAt,
    },
    key: sql<string>`${completedTutorials.topicId} || ':' || ${completedTutorials.tutorialLanguage}`,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(completedTutorials)
        .where(and(eq(completedTutorials.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  {
    file: 'linked-identities',
    about: 'Sign-in identities linked to your account: OpenID providers and Amazon (provider, subject, email).',
    tables: ['oidc_identities', 'amazon_identities'],
    columns: ['kind', 'provider', 'subject', 'email', 'createdAt'],
    async *rows(ctx, userId) {
      const oidc = keyset(oidcIdentities.subject, (after, order) =>
        ctx.db
          .select({
            _key: oidcIdentities.subject,
            provider: oidcIdentities.provider,
            email: oidcIdentities.email,
            createdAt: oidcIdentities.createdAt,
          })
          .from(oidcIdentities)
          .where(and(eq(oidcIdentities.userId, userId), after))
          .orderBy(order)
          .limit(PAGE),
      );
      for await (const r of oidc) {
        yield { kind: 'OPENID', provider: r.provider, subject: r._key, email: r.email, createdAt: r.createdAt };
      }
      const amazon = keyset(amazonIdentities.subject, (after, order) =>
        ctx.db
          .select({
            _key: amazonIdentities.subject,
            email: amazonIdentities.email,
            createdAt: amazonIdentities.createdAt,
          })
          .from(amazonIdentities)
          .where(and(eq(amazonIdentities.userId, userId), after))
          .orderBy(order)
          .limit(PAGE),
      );
      for await (const r of amazon) {
        yield { kind: 'AMAZON', provider: 'amazon', subject: r._key, email: r.email, createdAt: r.createdAt };
      }
    },
  },
  section({
    file: 'webauthn-credentials',
    about: 'Your passkeys (WebAuthn): credential id, use counter, transports, when added and last used (no keys).',
    tables: ['webauthn_credentials'],
    select: {
      id: webauthnCredentials.id,
      counter: webauthnCredentials.counter,
      transports: webauthnCredentials.transports,
      createdAt: webauthnCredentials.createdAt,
      lastUsedAt: webauthnCredentials.lastUsedAt,
    },
    key: webauthnCredentials.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(webauthnCredentials)
        .where(and(eq(webauthnCredentials.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
  section({
    file: 'sessions',
    about: 'Your sign-ins (sessions): when opened, until when valid, when signed out (no tokens).',
    tables: ['sessions'],
    select: {
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      temporaryPassword: sessions.tempPass,
    },
    key: sessions.id,
    query: (ctx, s, u, after, order) =>
      ctx.db
        .select(s)
        .from(sessions)
        .where(and(eq(sessions.userId, u), after))
        .orderBy(order)
        .limit(PAGE),
  }),
];

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/** Where an image's bytes are in the ZIP. */
export function imageFileName(image: { id: unknown; eventId: unknown; contentType: unknown }): string {
  return `history-images/${String(image.eventId)}-${String(image.id)}.${EXTENSIONS[String(image.contentType)] ?? 'bin'}`;
}
