// Wire format of orders, their authorization and payment methods (pay-flows.md §3, §4, §7). Shared by app and server.
// Every price of an order is {amount, currency, precision}: integer minor units.
import { z } from 'zod';
import { orderCharge } from './ev';
import {
  IDEMPOTENCY_HEADER,
  isTerminal,
  METHODS_WITHOUT_VALIDATION,
  needsPaymentValidation,
  ORDER_STATES,
  PARTNER_HEADER,
  PAYMENT_METHOD_TYPES,
  type PaymentMethodType,
  TERMINAL_STATES,
} from './plain/orders';
import { PRODUCT_TYPES } from './plain/stations';
import { currency } from './stations';

// The plain values live in plain/orders.ts (no zod: the app's start-up code imports them from there).
export {
  IDEMPOTENCY_HEADER,
  isTerminal,
  METHODS_WITHOUT_VALIDATION,
  needsPaymentValidation,
  ORDER_STATES,
  PARTNER_HEADER,
  PAYMENT_METHOD_TYPES,
  type PaymentMethodType,
  TERMINAL_STATES,
};

export const orderState = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof orderState>;

export const orderPrice = z.object({ amount: z.number().int(), currency, precision: z.number().int().min(0).max(4) });
export type OrderPrice = z.infer<typeof orderPrice>;

export const stateHistoryEntry = z.object({
  state: orderState,
  createdAt: z.string(),
  details: z.object({ actionCodeText: z.string().optional(), description: z.string().optional() }).optional(),
  message: z.string().optional(),
});

/** The sandbox provider's ledger: what was held, captured, released or voided, per order. */
export const ledgerEntry = z.object({
  kind: z.enum(['HOLD', 'CAPTURE', 'RELEASE', 'VOID', 'DECLINE']),
  amount: z.number().int(),
  currency,
  precision: z.number().int(),
  createdAt: z.string(),
  reference: z.string().optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** A car wash code (pay-flows.md §3): typed at the wash terminal, or scanned from its QR; single-use. */
export const redemptionCode = z.object({
  _id: z.string(),
  code: z.string(),
  expirationDate: z.string(),
  isRedeemed: z.boolean().optional(),
});
export type RedemptionCode = z.infer<typeof redemptionCode>;

export const orderProduct = z.object({
  _id: z.string(),
  name: z.string(),
  /** The product's type (GAS, EV_CHARGE, CAR_WASH, GIFT_CARD): which screens the order's flow has (its resume). */
  type: z.enum(PRODUCT_TYPES).optional(),
  fuelType: z.object({ fuelTypeId: z.string(), name: z.string() }).optional(),
  redemptionCodes: z.array(redemptionCode).optional(),
  /** A gift card bought with this order (pay-flows.md §2 gift card flow): its code, expiry, value and balance. */
  giftCard: z
    .object({ code: z.string(), expirationDate: z.string(), amount: orderPrice, balance: orderPrice })
    .optional(),
  /** What the wash terminal's scanner reads: `code` is the QR's content (the app draws the QR itself). */
  additionalDisplays: z
    .array(z.object({ type: z.literal('QR'), code: z.string(), redemptionCodeId: z.string().optional() }))
    .optional(),
  attributes: z
    .object({
      paymentAttributes: z
        .object({
          totalPrice: orderPrice.optional(),
          netPrice: orderPrice.optional(),
          unitPrice: orderPrice.optional(),
          /** Dispensed quantity (litres, kWh) with up to 3 decimals. */
          quantity: z.number().optional(),
          unit: z.string().optional(),
          description: z.string().optional(),
          descriptionLines: z.array(z.string()).optional(),
        })
        .optional(),
    })
    .optional(),
});

/**
 * The pump's (or charger's) meter while the product flows (issue 16): what the fueling and charging screens show
 * live. Present while the order waits for or takes its product (PAYMENT_AUTHORIZED, PRODUCT_PENDING,
 * PRODUCT_SUPPLYING) and a device session exists; the final figures are in products[].attributes.paymentAttributes.
 */
export const orderMeter = z.object({
  /** Dispensed so far: litres (fuel) or kWh (EV), up to 3 decimals. */
  quantity: z.number(),
  unit: z.enum(['l', 'kWh']),
  /** What the quantity costs so far (rounded down). */
  amount: orderPrice,
  /** The meter is running now (fuel flows, the car charges). */
  running: z.boolean(),
  /** The device's state (a pump's DISPENSING, a connector's Charging ...). */
  deviceState: z.string(),
  /** When the session began (an EV screen's charging time). No read time: a meter at rest keeps the order's ETag. */
  startedAt: z.string(),
});
export type OrderMeter = z.infer<typeof orderMeter>;

export const order = z.object({
  _id: z.string(),
  state: orderState,
  type: z.string(),
  orderType: z.enum(['PREPAY', 'POSTPAY']),
  poiId: z.string(),
  thingId: z.string().nullable(),
  stateHistory: z.array(stateHistoryEntry),
  authorizePrice: orderPrice.nullable(),
  totalBeforeDiscounts: orderPrice.extend({ isPriceHidden: z.boolean().optional() }).nullable(),
  totalAfterDiscounts: orderPrice.extend({ isPriceHidden: z.boolean().optional() }).nullable(),
  loyaltyItems: z.array(z.object({ programName: z.string(), totalAmount: z.number(), amount: z.number() })),
  vouchers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The discount's short text ("5 ct/l", "10 %"). */
      label: z.string().optional(),
      paymentAttributes: z.object({ totalPrice: orderPrice }).optional(),
    }),
  ),
  products: z.array(orderProduct),
  error: z.object({ message: z.string() }).nullable(),
  userInteraction: z.object({ isRequired: z.boolean(), urls: z.object({ start: z.string() }).optional() }).nullable(),
  pollIntervalMs: z.number().int().optional(),
  payment: z
    .object({
      paymentMethodId: z.string(),
      brand: z.string().optional(),
      last4: z.string().optional(),
      held: orderPrice.nullable(),
      captured: orderPrice.nullable(),
      released: orderPrice.nullable(),
      ledger: z.array(ledgerEntry),
    })
    .nullable(),
  initiatedByPartner: z.string().nullable().optional(),
  /** EV charging: meter values while charging (energy, power, time), price lines once acquired. */
  charge: orderCharge.nullable().optional(),
  /** EV: the driver's cost limit (at most the pre-authorization): the charge stops when its running cost reaches it. */
  costLimit: orderPrice.nullable().optional(),
  meter: orderMeter.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof order>;

export const createOrderBody = z.strictObject({
  poiId: z.string().min(1).max(64),
  thingId: z.string().min(1).max(64).nullable().optional(),
  autoAcquire: z.boolean().optional(),
  products: z
    .array(z.strictObject({ productId: z.string().min(1).max(64), fuelTypeId: z.string().min(1).max(64).optional() }))
    .min(1)
    .max(5),
  carOdometerM: z.number().int().min(0).max(1_000_000_000).optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export const authorizeBody = z.strictObject({
  authorizePrice: z.strictObject({
    amount: z.number().int().min(0),
    currency,
    precision: z.number().int().min(0).max(4),
  }),
  paymentMethodId: z.string().min(1).max(64).optional(),
  paymentToken: z
    .strictObject({
      googlePayToken: z.string().max(20_000).optional(),
      applePayToken: z.string().max(20_000).optional(),
      amazonPayToken: z.string().max(20_000).optional(),
    })
    .optional(),
  deviceData: z.string().max(10_000).optional(),
  /**
   * The validation step's proof (validate_pin or login_webauthn answer it): a card flow of a saved method other than
   * GOOGLE_PAY, MBWAY, DIRECT_CREDIT and APPLE_PAY is authorized only with it (single-use, short-lived).
   */
  paymentProof: z.string().max(128).optional(),
  userDetails: z
    .strictObject({
      invoiceEmail: z.string().email().optional(),
      firstName: z.string().max(100).optional(),
      lastName: z.string().max(100).optional(),
      address: z
        .strictObject({
          street: z.string().max(200).optional(),
          street2: z.string().max(200).optional(),
          countryCode: z.string().max(2).optional(),
          zip: z.string().max(20).optional(),
          city: z.string().max(100).optional(),
        })
        .optional(),
    })
    .optional(),
  userInteraction: z
    .strictObject({ urls: z.strictObject({ success: z.string().max(2000), error: z.string().max(2000) }) })
    .optional(),
});
export type AuthorizeBody = z.infer<typeof authorizeBody>;

export const updateOrderBody = z.strictObject({
  thingExternalId: z.string().max(64).optional(),
  /**
   * EV only: stop charging when the running cost reaches this (the order's currency, precision 2, more than 0 and at
   * most the pre-authorization); null removes the limit. Until the charge has ended.
   */
  costLimit: z
    .strictObject({ amount: z.number().int().min(1).max(100_000_000), currency, precision: z.literal(2) })
    .nullable()
    .optional(),
  carOdometerM: z.number().int().min(0).max(1_000_000_000).optional(),
});

export const ongoingOrdersResponse = z.array(order);

export const paymentMethod = z.object({
  id: z.string(),
  createdAt: z.string(),
  provider: z.string(),
  method: z.enum(PAYMENT_METHOD_TYPES),
  state: z.enum(['ACTIVE', 'INACTIVE']),
  isPreferred: z.boolean(),
  isRegisteredFor2FA: z.boolean(),
  /** How the method's own second factor was registered (EMAIL_OTP), when it is. */
  twoFactorAuthRegistrationMethod: z.string().optional(),
  /** Does the station of supportedByPoi / supportedByPoiProduct take this method (MAESTRO, AMERICAN_EXPRESS = DIRECT_CREDIT)? */
  isSupportedPOI: z.boolean().optional(),
  /** Can this device pay with it (Apple Pay needs Safari on Apple hardware); the app checks its wallets itself too. */
  isPMSupportedOnDevice: z.boolean().optional(),
  details: z.object({
    brand: z.string().optional(),
    /** Masked: only the last four digits, e.g. "•••• 4242". */
    cardNumber: z.string().optional(),
    last4: z.string().optional(),
    expiry: z.string().optional(),
    holderName: z.string().optional(),
    /** Sandbox test cards: what the card is for, e.g. "Declining test card" (always declines). */
    label: z.string().optional(),
    /** PayPal: the account's email. */
    email: z.string().optional(),
    /** MB WAY: the phone number, the mandate's end and what it pays without asking the phone. */
    phoneNumber: z.string().optional(),
    mandateValidUntil: z.string().optional(),
    limitWithoutPin: orderPrice.optional(),
    /** Fuel card: its brand, security level (0-3) and the vehicle it is for. */
    fuelCardBrand: z.string().optional(),
    level: z.number().int().optional(),
    vin: z.string().optional(),
  }),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodsResponse = z.array(paymentMethod);

/** GET /v4/ongoing-orders?limit (at most 5 are returned, pay-flows.md §9). */
export const ongoingOrdersQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).optional() });

/** GET /v4/payment-methods/?customerId&state=ACTIVE (supportedByPoi* are accepted and ignored). */
export const paymentMethodsQuery = z.strictObject({
  customerId: z.string().min(1).max(64).optional(),
  state: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  supportedByPoi: z.string().max(64).optional(),
  supportedByPoiProduct: z.string().max(64).optional(),
});
