import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentCheckoutDto, PaymentMethod, PaymentStatusDto } from '@nhasach/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { OrderPaymentMethod, OrderProcess, OrderRow, PaymentMethodMailTexts, PlaceInput } from '../orders/index.ts';

/**
 * A payment method, as the shop takes it: cash on delivery, a card gateway, a bank transfer. Each lives in its own
 * folder and is registered once in registry.ts; nothing outside its folder and the registry asks which method an
 * order uses. Shaped after Medusa's AbstractPaymentProvider (start, read a webhook, query, refund) and Vendure's
 * PaymentMethodHandler (the method's own rules next to its code).
 */
export interface PaymentProviderDefinition extends PaymentMethodMailTexts {
  readonly method: PaymentMethod;
  /** How an order is paid this way, as a refusal says it ('thanh toán khi nhận hàng'). */
  readonly paidHow: string;
  /** Reads the configuration (throws at start when it is half set) and builds the provider. */
  create(deps: ProviderDeps): ProviderParts;
}

/** What a definition's create() builds: the provider less the definition's own facts and texts. */
export type ProviderParts = Omit<PaymentProvider, keyof Omit<PaymentProviderDefinition, 'create'> | 'collectedOnDelivery'>;

/** What a provider is built with: the composition root's services. */
export interface ProviderDeps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  process: OrderProcess;
  /** This server's own origin as it listens (http://127.0.0.1:PORT), else PUBLIC_URL: where a built-in sandbox answers. */
  ownOrigin: () => string;
}

export interface PaymentProvider extends OrderPaymentMethod, Omit<PaymentProviderDefinition, 'create'> {
  /**
   * Paid in cash when the parcel is delivered (the shared PAYMENT_METHOD_FLOWS says which): the order becomes PAID
   * on DELIVERED and counts as revenue then.
   */
  readonly collectedOnDelivery: boolean;
  /** Whether the shop can take this payment now (a gateway or an account configured). */
  readonly ready: boolean;
  /** A built-in sandbox plays the gateway or bank (no real money), and where it lives. */
  readonly sandbox: { path: string } | null;
  /** What the start-up log says of this method's configuration, if anything. */
  readonly startupNotice?: string;
  /** A gateway the shopper is sent to (POST .../checkout?provider=): starts one payment attempt. */
  readonly checkout?: CheckoutGateway;
  /** The provider's own routes under /api/v1: the gateway's return and notification (IPN, webhook), its pages' data. */
  routes?(app: FastifyInstance): Promise<void>;
  /** Facts of GET .../status that only this method has (a bank transfer with the wrong amount). */
  statusFacts?(db: Db, order: OrderRow): Promise<Partial<PaymentStatusDto>>;
  /** Asks the gateway what became of one payment attempt. */
  query?(ref: string, opts?: { ip?: string }): Promise<GatewayApiResult>;
  /**
   * Gives (part of) an order's payment back through the gateway; absent where the gateway cannot. It does not change
   * the order: the caller records the refund once `ok` is true.
   */
  refund?(input: RefundInput): Promise<GatewayApiResult>;
}

export interface CheckoutGateway {
  /** Checked before the order is read: the gateway and the return address (throws 503 or 400). */
  prepare(input: CheckoutInput): { returnUrl: string };
  /** Starts an attempt for the locked order, which waits for its payment and is paid this way. */
  start(tx: Tx, order: OrderRow, input: CheckoutInput & { returnUrl: string }, now: Date): Promise<PaymentCheckoutDto>;
}

export interface CheckoutInput extends PlaceInput {
  /** The shopper's address, as the gateway wants it. */
  ip: string;
}

export interface GatewayApiResult {
  /** The gateway accepted the request and its answer's signature verified. */
  ok: boolean;
  /** The answer's signature verified. */
  verified: boolean;
  responseCode: string;
  /** Vietnamese text of the code. */
  message: string;
  /** The gateway's reference of the operation (its transaction number), when it gave one. */
  reference: string | null;
  /** The answer as the gateway sent it. */
  response: object;
}

export interface RefundInput {
  orderId: number;
  /** Whole VND; the whole payment is a full refund, less is partial. */
  amount: number;
  /** Who asks, e.g. the staff member's username. */
  createdBy: string;
  ip?: string;
}
