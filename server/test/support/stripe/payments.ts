/**
 * PaymentIntents (destination charges), confirmation with Stripe's test payment methods, the
 * 3-D Secure page (GET /3ds/{pi} completes authentication and redirects back), cancellation,
 * charges with their application fees, and refunds (which may refund the fee in proportion).
 */
import {
  StripeApiError,
  bool,
  int,
  invalidRequest,
  mergeMetadata,
  missingParam,
  newId,
  now,
  obj,
  requireInt,
  requireStr,
  str,
  type Params,
  type StripeObject,
} from './protocol.ts';
import type { StripeState } from './state.ts';
import { must } from '../must.ts';

type Card = { brand: string; last4: string; outcome: 'succeed' | 'authenticate' | 'decline'; decline_code?: string };

/** Stripe's test PaymentMethod ids (docs.stripe.com/testing). */
const TEST_CARDS: Record<string, Card> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'authenticate' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline', decline_code: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: 'decline',
    decline_code: 'insufficient_funds',
  },
};

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation'];
/** Stripe refuses to cancel a PaymentIntent that succeeded or was already canceled. */
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
/** The platform's Connect application, which application fees name as theirs. */
const APPLICATION = 'ca_slottedtestplatform';

export interface NewPaymentIntent {
  amount: number;
  currency: string;
  customer?: string | null;
  description?: string | null;
  metadata?: Record<string, string>;
  transfer_data?: { destination: string; amount?: number } | null;
  on_behalf_of?: string | null;
  application_fee_amount?: number | null;
}

export function createPaymentIntent(state: StripeState, fields: NewPaymentIntent): StripeObject {
  const id = newId('pi');
  return state.put({
    id,
    object: 'payment_intent',
    amount: fields.amount,
    amount_capturable: 0,
    amount_received: 0,
    application_fee_amount: fields.application_fee_amount ?? null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${newId('s').slice(2)}`,
    confirmation_method: 'automatic',
    created: now(),
    currency: fields.currency,
    customer: fields.customer ?? null,
    description: fields.description ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: fields.metadata ?? {},
    next_action: null,
    on_behalf_of: fields.on_behalf_of ?? null,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    transfer_data: fields.transfer_data ?? null,
  });
}

export type Payments = ReturnType<typeof paymentRoutes>;

export function paymentRoutes(state: StripeState) {
  const destination = (params: Params) => {
    const transfer = obj(params, 'transfer_data');
    if (!str(transfer, 'destination')) return undefined;
    const account = state.get('account', must(str(transfer, 'destination'), "str(transfer, 'destination')"), 'transfer_data[destination]');
    return { destination: account.id, ...(transfer.amount ? { amount: int(transfer, 'amount') } : {}) };
  };

  state.route('POST', '/v1/payment_intents', ({ params }) => {
    const amount = requireInt(params, 'amount');
    if (amount < 50) {
      throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    }
    const customer = str(params, 'customer');
    if (customer) state.get('customer', customer, 'customer');
    const onBehalfOf = str(params, 'on_behalf_of');
    if (onBehalfOf) state.get('account', onBehalfOf, 'on_behalf_of');
    const intent = createPaymentIntent(state, {
      amount,
      currency: requireStr(params, 'currency').toLowerCase(),
      customer,
      description: str(params, 'description'),
      metadata: mergeMetadata({}, params.metadata),
      transfer_data: destination(params),
      on_behalf_of: onBehalfOf,
      application_fee_amount: int(params, 'application_fee_amount'),
    });
    return bool(params, 'confirm') ? confirm(intent, params) : intent;
  });

  state.route('GET', '/v1/payment_intents/{id}', ({ ids: [id] }) => state.get('payment_intent', must(id, 'id')), 'publishable');

  state.route('POST', '/v1/payment_intents/{id}', ({ ids: [id], params }) => {
    const intent = state.get('payment_intent', must(id, 'id'));
    if (intent.status === 'succeeded' && (params.amount || params.currency)) {
      throw unexpectedState(intent, 'update');
    }
    if (params.amount) intent.amount = int(params, 'amount');
    if (params.description !== undefined) intent.description = str(params, 'description') ?? null;
    if (params.metadata !== undefined) intent.metadata = mergeMetadata(intent.metadata as Record<string, string>, params.metadata);
    if (params.payment_method) intent.payment_method = str(params, 'payment_method');
    return intent;
  });

  state.route(
    'POST',
    '/v1/payment_intents/{id}/confirm',
    ({ ids: [id], params }) => confirm(state.get('payment_intent', must(id, 'id')), params),
    'publishable',
  );

  state.route('POST', '/v1/payment_intents/{id}/cancel', ({ ids: [id], params }) => {
    const intent = state.get('payment_intent', must(id, 'id'));
    const reason = str(params, 'cancellation_reason') ?? null;
    if (reason !== null && !CANCELLATION_REASONS.includes(reason)) {
      throw invalidRequest(`Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.join(', ')}`, {
        param: 'cancellation_reason',
      });
    }
    if (!CANCELABLE.includes(intent.status as string)) {
      throw invalidRequest(
        `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    for (const guard of state.beforeCancel) guard(intent);
    return cancel(intent, reason);
  });

  /** Ends an intent for good (also an invoice's, when the invoice is voided: reason void_invoice). */
  function cancel(intent: StripeObject, reason: string | null): StripeObject {
    Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: reason, next_action: null });
    state.webhooks.emit('payment_intent.canceled', intent);
    return intent;
  }

  function unexpectedState(intent: StripeObject, action: string) {
    return invalidRequest(`You cannot ${action} this PaymentIntent because it has a status of ${String(intent.status)}.`, {
      code: 'payment_intent_unexpected_state',
    });
  }

  /** Each PaymentMethod made from a test card id keeps that card's outcome, for later charges. */
  const cardOfMethod = new Map<string, Card>();

  function confirm(intent: StripeObject, params: Params): StripeObject {
    if (!CONFIRMABLE.includes(intent.status as string)) {
      throw invalidRequest(
        `You cannot confirm this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const method = str(params, 'payment_method') ?? (intent.payment_method as string | null);
    if (!method) throw missingParam('payment_method');
    const card = TEST_CARDS[method] ?? cardOfMethod.get(method);
    if (!card) throw invalidRequest(`No such PaymentMethod: '${method}'`, { code: 'resource_missing', param: 'payment_method' });
    // A stored PaymentMethod (a subscription's default, charged again on renewal) is used as is.
    const paymentMethod =
      state.objects.get(method) ??
      state.put({
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        card: {
          brand: card.brand,
          last4: card.last4,
          exp_month: 12,
          exp_year: new Date().getFullYear() + 3,
          funding: 'credit',
          country: 'US',
        },
        billing_details: { address: null, email: null, name: null, phone: null },
        customer: intent.customer,
        created: now(),
        livemode: false,
      });
    cardOfMethod.set(paymentMethod.id, card);
    intent.payment_method = paymentMethod.id;
    intent.last_payment_error = null;
    if (card.outcome === 'authenticate') {
      const page = new URL(`/3ds/${intent.id}`, state.baseUrl);
      const returnUrl = str(params, 'return_url') ?? null;
      if (returnUrl) page.searchParams.set('return_url', returnUrl);
      intent.status = 'requires_action';
      intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url: page.toString(), return_url: returnUrl } };
      return intent;
    }
    if (card.outcome === 'decline') {
      const charge = createCharge(intent, paymentMethod, false);
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: card.decline_code,
        message: card.decline_code === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
        charge: charge.id,
        payment_method: paymentMethod,
      };
      fail(intent, error);
      throw new StripeApiError(402, { ...error, payment_intent: structuredClone(intent) });
    }
    succeed(intent, paymentMethod);
    return intent;
  }

  function createCharge(intent: StripeObject, paymentMethod: StripeObject, paid: boolean): StripeObject {
    const transferData = intent.transfer_data as { destination: string } | null;
    const charge = state.put({
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: paid ? intent.amount : 0,
      amount_refunded: 0,
      application_fee: null as string | null,
      application_fee_amount: intent.application_fee_amount,
      captured: paid,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      failure_code: paid ? null : 'card_declined',
      failure_message: paid ? null : 'Your card was declined.',
      livemode: false,
      metadata: intent.metadata,
      on_behalf_of: intent.on_behalf_of,
      paid,
      payment_intent: intent.id,
      payment_method: paymentMethod.id,
      payment_method_details: { type: 'card', card: paymentMethod.card },
      refunded: false,
      status: paid ? 'succeeded' : 'failed',
      transfer: paid && transferData ? newId('tr') : null,
      transfer_data: transferData,
    });
    intent.latest_charge = charge.id;
    // The platform's fee is taken from the connected account's share, so it needs one.
    const account = transferData?.destination ?? (intent.on_behalf_of as string | null);
    if (paid && account && intent.application_fee_amount) {
      const fee = state.put({
        id: newId('fee'),
        object: 'application_fee',
        account,
        amount: intent.application_fee_amount,
        amount_refunded: 0,
        application: APPLICATION,
        balance_transaction: null,
        charge: charge.id,
        created: now(),
        currency: intent.currency,
        fee_source: { type: 'charge', charge: charge.id },
        livemode: false,
        originating_transaction: null,
        refunded: false,
        refunds: { object: 'list', data: [], has_more: false, url: '' },
      });
      (fee.refunds as { url: string }).url = `/v1/application_fees/${fee.id}/refunds`;
      charge.application_fee = fee.id;
    }
    return charge;
  }

  function succeed(intent: StripeObject, paymentMethod: StripeObject) {
    createCharge(intent, paymentMethod, true);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, next_action: null });
    state.webhooks.emit('payment_intent.succeeded', intent);
    for (const listener of state.afterPayment) listener(intent);
  }

  function fail(intent: StripeObject, error: Record<string, unknown>) {
    Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: error });
    state.webhooks.emit('payment_intent.payment_failed', intent);
  }

  state.route(
    'GET',
    '/3ds/{id}',
    ({ ids: [id], query }) => {
      const intent = state.get('payment_intent', must(id, 'id'));
      if (intent.status !== 'requires_action') return { html: '<p>Nothing to authenticate.</p>', status: 409 };
      const paymentMethod = state.get('payment_method', intent.payment_method as string);
      const failed = query.get('outcome') === 'fail';
      if (failed) {
        fail(intent, {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method.',
          payment_method: paymentMethod,
        });
      } else succeed(intent, paymentMethod);
      const returnUrl = query.get('return_url');
      if (!returnUrl) return { html: `<p>Authentication ${failed ? 'failed' : 'complete'}.</p>` };
      const back = new URL(returnUrl);
      back.searchParams.set('payment_intent', intent.id);
      back.searchParams.set('payment_intent_client_secret', intent.client_secret as string);
      back.searchParams.set('redirect_status', failed ? 'failed' : 'succeeded');
      return { redirect: back.toString() };
    },
    'page',
  );

  state.route('POST', '/v1/refunds', ({ params }) => {
    const charge = str(params, 'charge')
      ? state.get('charge', must(str(params, 'charge'), "str(params, 'charge')"), 'charge')
      : chargeOf(state.get('payment_intent', str(params, 'payment_intent') ?? missing(), 'payment_intent'));
    const remaining = (charge.amount as number) - (charge.amount_refunded as number);
    if (charge.refunded) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    const amount = int(params, 'amount') ?? remaining;
    if (amount <= 0 || amount > remaining) {
      throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, { param: 'amount' });
    }
    const reverse = bool(params, 'reverse_transfer') ?? false;
    if (reverse && !charge.transfer_data) {
      throw invalidRequest('reverse_transfer can only be used on destination charges.', { param: 'reverse_transfer' });
    }
    const refundFee = bool(params, 'refund_application_fee') ?? false;
    const refund = state.put({
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: mergeMetadata({}, params.metadata),
      payment_intent: charge.payment_intent,
      reason: str(params, 'reason') ?? null,
      status: 'succeeded',
      transfer_reversal: reverse ? newId('trr') : null,
    });
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    // As Stripe: charge.refunded (the charge without its refunds, which are only expanded on
    // request), then refund.created with the refund itself, made by the app or in the dashboard.
    state.webhooks.emit('charge.refunded', charge, previous);
    state.webhooks.emit('refund.created', refund);
    if (refundFee && charge.application_fee)
      refundApplicationFee(state.get('application_fee', charge.application_fee as string), charge, amount);
    return refund;
  });

  /**
   * `refund_application_fee`: the fee goes back in proportion to the amount refunded; the refund
   * that completes the charge's returns what is left of the fee.
   */
  function refundApplicationFee(fee: StripeObject, charge: StripeObject, refunded: number) {
    const left = (fee.amount as number) - (fee.amount_refunded as number);
    const amount = charge.refunded ? left : Math.min(left, Math.round(((fee.amount as number) * refunded) / (charge.amount as number)));
    if (amount <= 0) return;
    const feeRefund = {
      id: newId('fr'),
      object: 'fee_refund',
      amount,
      balance_transaction: null,
      created: now(),
      currency: fee.currency,
      fee: fee.id,
      metadata: {},
    };
    const refunds = fee.refunds as { data: unknown[] };
    refunds.data.unshift(feeRefund);
    fee.amount_refunded = (fee.amount_refunded as number) + amount;
    fee.refunded = fee.amount_refunded === fee.amount;
    state.webhooks.emit('application_fee.refunded', fee);
  }

  state.route('GET', '/v1/charges/{id}', ({ ids: [id] }) => state.get('charge', must(id, 'id')));
  state.route('GET', '/v1/refunds/{id}', ({ ids: [id] }) => state.get('refund', must(id, 'id')));
  state.route('GET', '/v1/application_fees/{id}', ({ ids: [id] }) => state.get('application_fee', must(id, 'id')));
  // Since API version 2022-11-15 a charge lists its refunds only when asked (expand[]=refunds).
  state.includable.set('charge.refunds', (charge) => {
    const refunds = [...state.objects.values()].filter((o) => o.object === 'refund' && o.charge === charge.id).reverse();
    return { object: 'list', data: refunds, has_more: false, url: `/v1/charges/${charge.id}/refunds` };
  });

  function chargeOf(intent: StripeObject): StripeObject {
    if (intent.status !== 'succeeded') {
      throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
        param: 'payment_intent',
      });
    }
    return state.get('charge', intent.latest_charge as string);
  }

  return { confirm, cancel };
}

function missing(): never {
  throw missingParam('payment_intent');
}
