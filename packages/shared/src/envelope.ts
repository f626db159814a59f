/** Every JSON response of the API has this shape (spec section 7). */
export interface ApiEnvelope<T> {
  statusCode: number;
  /** Stable machine-readable code on errors (e.g. VALIDATION_ERROR); null on success. */
  error: string | null;
  /** Vietnamese text a user can read. */
  message: string;
  data: T;
}

export interface FieldError {
  field: string;
  message: string;
}

/** Spring-style page used by storefront lists. */
export interface PageResult<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
  number: number;
  size: number;
  /**
   * Catalogue listings only: true when totalElements is not an exact count (the planner's estimate, or the cap
   * CATALOG_MAX_RESULT_WINDOW: more books match). The storefront then shows 'hơn 10.000' or 'khoảng …'.
   */
  totalIsEstimate?: boolean;
}

/** Admin users list shape (spec section 7, Users). */
export interface MetaPage<T> {
  meta: { page: number; pageSize: number; total: number; pages: number };
  result: T[];
}

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL_ERROR',
  /** The database (or another part the answer needs, as readiness reports) is out of reach for a moment; retry later (503). */
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  otpInvalid: 'OTP_INVALID',
  otpExpired: 'OTP_EXPIRED',
  otpLocked: 'OTP_LOCKED',
  otpCooldown: 'OTP_COOLDOWN',
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountDisabled: 'ACCOUNT_DISABLED',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  mailFailed: 'MAIL_FAILED',
  storageUnavailable: 'STORAGE_UNAVAILABLE',
  /** Change password: the current password given is wrong. */
  wrongPassword: 'WRONG_PASSWORD',
  /** Cart and orders: the book has no stock left. */
  outOfStock: 'OUT_OF_STOCK',
  /** Cart and orders: fewer units in stock than asked for (data.stockAvailable). */
  insufficientStock: 'INSUFFICIENT_STOCK',
  /** Cart and orders: the book is no longer sold. */
  bookUnavailable: 'BOOK_UNAVAILABLE',
  /** Order creation with no selected, available cart line. */
  cartEmpty: 'CART_EMPTY',
  /** The order's status does not allow this change. */
  orderStatusInvalid: 'ORDER_STATUS_INVALID',
  /** Admin book save: another book has this slug or ISBN-13 (spec section 8, Book save). */
  duplicateSlugOrIsbn: 'DUPLICATE_SLUG_OR_ISBN',
  /** Something is still used (books of a category, orders of a user): it cannot be deleted. */
  inUse: 'IN_USE',
  /** An upload above the size limit (413). */
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** An online payment cannot start for this order (not VNPAY, already paid, cancelled or expired). */
  paymentNotAllowed: 'PAYMENT_NOT_ALLOWED',
  /** Sales: the status change is not in the spec's transition table. */
  orderTransitionInvalid: 'ORDER_TRANSITION_INVALID',
  /** Sales: the order changed since the client read it (its `version` differs). */
  orderConflict: 'ORDER_CONFLICT',
  /** Sales: SHIPPED needs the carrier and the tracking code first. */
  shippingInfoRequired: 'SHIPPING_INFO_REQUIRED',
  /** Sales: COMPLETED needs the order paid. */
  orderNotPaid: 'ORDER_NOT_PAID',
  /** Sales: the payment status change is not allowed by the payment rules. */
  paymentStatusInvalid: 'PAYMENT_STATUS_INVALID',
  /** Sales: no refund possible for this order, amount or method. */
  refundNotAllowed: 'REFUND_NOT_ALLOWED',
  /** The payment gateway refused or did not answer (502): nothing was changed. */
  paymentGatewayError: 'PAYMENT_GATEWAY_ERROR',
  /** Order placement: the shipping fee the checkout showed (expectedShippingFee) is not the server's quote (409). */
  shippingFeeChanged: 'SHIPPING_FEE_CHANGED',
  /** The carrier refused the request or did not answer (502): nothing was changed. */
  carrierError: 'CARRIER_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
