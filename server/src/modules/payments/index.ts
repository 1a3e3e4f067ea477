/** Card payments with Stripe Connect (docs/architecture.md#card-payments). */
export {
  cardPayments,
  type CardPayments,
  type EventEffect,
  type EventHandler,
  type RefundReason,
  type SettleTarget,
} from './card-payments.ts';
export { connectRoutes } from './connect.routes.ts';
export { connectService, type ConnectService } from './connect.service.ts';
export {
  insertPayment,
  insertRefund,
  lockExistingPayment,
  lockPayment,
  lockRefundsOwedByHand,
  paymentByIntent,
  pendingCardPayment,
  refundableCardPayments,
  refundedOrPending,
  refundGaveUp,
  refundsByHandCents,
  updatePayment,
  updateRefund,
  type PaymentRow,
  type RefundRow,
} from './payments.queries.ts';
export { paymentsNotConfigured, webhookRoutes, WEBHOOK_PATH } from './webhook.routes.ts';
