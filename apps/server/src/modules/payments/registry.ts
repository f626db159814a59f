import { PAYMENT_METHOD_FLOWS, PAYMENT_METHODS, type PaymentMethod } from '@nhasach/shared';
import { bankTransfer } from './bank-transfer/index.ts';
import { cod } from './cod/index.ts';
import type { PaymentProvider, PaymentProviderDefinition, ProviderDeps } from './provider.ts';
import { vnpay } from './vnpay/index.ts';

/** The payment methods of the shop, one line each: adding a method is its folder and a line here. */
const DEFINITIONS: readonly PaymentProviderDefinition[] = [cod, vnpay, bankTransfer];

const definitionOf = new Map(DEFINITIONS.map((d) => [d.method, d]));
for (const method of PAYMENT_METHODS) if (!definitionOf.has(method)) throw new Error(`No payment provider registered for ${method}`);

/** A method's fixed facts and texts, without its configuration (the order mails, the dashboard's revenue rule). */
export const paymentMethodDefinition = (method: PaymentMethod): PaymentProviderDefinition => definitionOf.get(method)!;

/** Methods whose money the carrier collects on delivery. */
export const COLLECTED_ON_DELIVERY_METHODS: readonly PaymentMethod[] = PAYMENT_METHODS.filter((m) => PAYMENT_METHOD_FLOWS[m] === 'ON_DELIVERY');

export interface PaymentRegistry {
  /** The provider of a method. */
  get(method: PaymentMethod): PaymentProvider;
  all(): readonly PaymentProvider[];
}

/** Builds every provider from the configuration once (a half-configured gateway or account throws at start). */
export function createPaymentRegistry(deps: ProviderDeps): PaymentRegistry {
  const providers = new Map<PaymentMethod, PaymentProvider>(
    DEFINITIONS.map((d) => {
      const { create: _create, ...facts } = d;
      return [d.method, { ...facts, collectedOnDelivery: COLLECTED_ON_DELIVERY_METHODS.includes(d.method), ...d.create(deps) }];
    }),
  );
  return {
    get: (method) => providers.get(method)!,
    all: () => [...providers.values()],
  };
}
