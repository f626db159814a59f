/**
 * Orders: the customer routes and the lifecycle API for the payments module and the sales back-office.
 *
 * For payments (VNPAY): findOrderByCode, markOrderPaid (idempotent; checks the amount; a payment for an order
 * already cancelled becomes REFUND_PENDING), cancelOrderReturningStock (a failed payment may cancel at once).
 * The expiry of unpaid online orders is scheduled here (orderExpiryPlugin); do not schedule it again.
 * For sales: recordHistory, cancelOrderReturningStock (staff: default allowed-from = the transition table),
 * returnStockOnce, lockOrder, updateOrder (bumps version), toOrderDto and the item/history readers.
 */
export { orderRoutes } from './routes.ts';
export { orderExpiryPlugin, startOrderExpiry, DEFAULT_EXPIRY_SCHEDULE, type ExpirySchedule } from './scheduler.ts';
export {
  cancelOrderReturningStock,
  expireUnpaidOnlineOrders,
  EXPIRED_REASON,
  findOrderByCode,
  markOrderPaid,
  NOT_CANCELLABLE,
  ORDER_NOT_FOUND,
  recordHistory,
  returnStockOnce,
  SYSTEM_ACTOR,
  type CancelOptions,
  type HistoryEntry,
  type MarkPaidOutcome,
  type OrderActor,
  type PaymentReceipt,
} from './lifecycle.ts';
export { orderDto } from './service.ts';
export { mailOrderEvent, mailOrderPlaced, type OrderMailEvent } from './notifications.ts';
export { toOrderDto, toOrderItemDto } from './dto.ts';
export { generateOrderCode, ORDER_CODE_PATTERN } from './code.ts';
export {
  findById as findOrderById,
  historyOf as orderHistoryOf,
  itemsOf as orderItemsOf,
  lockById as lockOrder,
  updateOrder,
  type OrderHistoryRow,
  type OrderItemRow,
  type OrderRow,
} from './repo.ts';
export { countOrdersOfUser, isBookOrdered, purchasedSql } from './references.ts';
