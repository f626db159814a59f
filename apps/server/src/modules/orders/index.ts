/**
 * Orders: the customer routes, the order process (the one door through which status and payment status change)
 * and the lifecycle API for the payments module and the sales back-office.
 *
 * The composition root creates the process once (createOrderProcess, with the notifier built from the shop's
 * address and the payment methods) and hands it to the orders routes, the expiry job, payments and sales; app.ts
 * puts it on the app for jobs and tests.
 * For payments: findOrderByCode, lockOrder, markOrderPaid (idempotent; checks the amount; a payment for an order
 * already cancelled becomes REFUND_PENDING), cancelOrder, and the process's transition for the other payment changes.
 * For sales: cancelOrder, recordRefund, setOrderAssignee, recordOrderShipping, recordHistory and the readers.
 * The expiry of unpaid online orders is scheduled here (orderExpiryPlugin); do not schedule it again.
 */
export { orderRoutes, type OrderRoutesOptions } from './routes.ts';
export { orderExpiryPlugin, startOrderExpiry, DEFAULT_EXPIRY_SCHEDULE, type ExpirySchedule } from './scheduler.ts';
export {
  accepted,
  createOrderProcess,
  NOT_CANCELLABLE,
  SYSTEM_ACTOR,
  type AfterTransitionHook,
  type OrderActor,
  type OrderProcess,
  type OrderProcessOptions,
  type PlacedEvent,
  type PlacedHook,
  type PlaceRequest,
  type PaymentChange,
  type TransitionEvent,
  type TransitionRefusal,
  type TransitionResult,
  type TransitionTarget,
} from './process.ts';
export { createOrderNotifier, type OrderMailEvent, type OrderNotifier } from './notifications.ts';
export { FLAT_ORDER_SHIPPING, type OrderShipping } from './shipping-port.ts';
export type { OrderPaymentMethod, OrderPaymentMethods, PaymentMethodMailTexts, PaymentMethodsMailTexts, PlaceInput } from './payment-methods.ts';
export {
  cancelOrder,
  expireUnpaidOnlineOrders,
  EXPIRED_REASON,
  findOrderByCode,
  markOrderPaid,
  ORDER_NOT_FOUND,
  recordHistory,
  recordRefund,
  type CancelOptions,
  type HistoryEntry,
  type MarkPaidOutcome,
  type PaymentReceipt,
} from './lifecycle.ts';
export { orderDto } from './service.ts';
export { orderNoticeMail } from './mail.ts';
export { toOrderDto, toOrderItemDto } from './dto.ts';
export { generateOrderCode, ORDER_CODE_PATTERN } from './code.ts';
export {
  findById as findOrderById,
  historyOf as orderHistoryOf,
  itemsOf as orderItemsOf,
  lockById as lockOrder,
  recordShipping as recordOrderShipping,
  setAssignee as setOrderAssignee,
  type OrderHistoryRow,
  type OrderItemRow,
  type OrderRow,
} from './repo.ts';
export { countOrdersOfUser, isBookOrdered, purchasedSql } from './references.ts';
export { countStaffOrdersByStatus, orderHistoryWithNames, pageStaffOrders, staffOrderSummary, type StaffOrderSummaryRow } from './staff-queries.ts';
