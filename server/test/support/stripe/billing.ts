/**
 * Billing: customers, products, prices and subscriptions. A subscription created with
 * `payment_behavior=default_incomplete` starts `incomplete` with an open first invoice whose
 * PaymentIntent (in `payments`, and its secret in `confirmation_secret`, both behind `expand` as in
 * Stripe's current API) pays it: then invoice.paid and the subscription becomes active.
 *
 * A renewal whose charge fails leaves its invoice open and the subscription past_due; Stripe then
 * retries (Smart Retries: `retryInvoice`), the customer may pay on the hosted invoice page
 * (GET /i/{invoice}) or the app through POST /v1/invoices/{id}/pay, all with the invoice's one
 * PaymentIntent; after the last failed retry Stripe cancels the subscription or marks it unpaid
 * (`giveUp`), as the account's settings say.
 */
import { pick } from './connect.ts';
import {
  StripeApiError,
  bool,
  int,
  invalidRequest,
  mergeMetadata,
  newId,
  now,
  obj,
  requireStr,
  str,
  type Params,
  type StripeObject,
} from './protocol.ts';
import { createPaymentIntent, type Payments } from './payments.ts';
import type { StripeState } from './state.ts';
import { must } from '../must.ts';

const DAY = 86_400;
/** When Smart Retries tries a failed invoice again: a guess, Stripe picks the moment by model. */
const RETRY_AFTER = 3 * DAY;
const PERIOD: Record<string, number> = { day: DAY, week: 7 * DAY, month: 30 * DAY, year: 365 * DAY };

interface SubscriptionItem {
  price: StripeObject;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

const itemOf = (subscription: StripeObject) =>
  must((subscription.items as { data: SubscriptionItem[] }).data[0], '(subscription.items as { data: SubscriptionItem[] }).data[0]');

export function billingRoutes(state: StripeState, payments: Payments) {
  /** Invoice PaymentIntent → invoice, kept here because Stripe no longer shows it on the PI. */
  const invoiceOfIntent = new Map<string, string>();
  /** Invoice → its InvoicePayment id and PaymentIntent, listed only when `payments` is expanded. */
  const paymentOfInvoice = new Map<string, { id: string; intent: string }>();
  const paymentOf = (invoice: StripeObject) => must(paymentOfInvoice.get(invoice.id), 'paymentOfInvoice.get(invoice.id)');

  state.route('POST', '/v1/customers', ({ params }) =>
    state.put({
      id: newId('cus'),
      object: 'customer',
      created: now(),
      email: str(params, 'email') ?? null,
      name: str(params, 'name') ?? null,
      description: str(params, 'description') ?? null,
      livemode: false,
      metadata: mergeMetadata({}, params.metadata),
    }),
  );
  state.route('GET', '/v1/customers/{id}', ({ ids: [id] }) => state.get('customer', must(id, 'id')));

  state.route('POST', '/v1/products', ({ params }) =>
    state.put({
      id: str(params, 'id') ?? newId('prod'),
      object: 'product',
      active: true,
      created: now(),
      name: requireStr(params, 'name'),
      metadata: mergeMetadata({}, params.metadata),
    }),
  );

  const createPrice = (params: Params, prefix: string): StripeObject => {
    const product = requireStr(params, 'product', prefix);
    state.get('product', product, `${prefix}product`);
    const recurring = obj(params, 'recurring');
    return state.put({
      id: newId('price'),
      object: 'price',
      active: true,
      created: now(),
      currency: requireStr(params, 'currency', prefix).toLowerCase(),
      product,
      recurring: params.recurring
        ? {
            interval: requireStr(recurring, 'interval', `${prefix}recurring[interval]`),
            interval_count: int(recurring, 'interval_count') ?? 1,
          }
        : null,
      type: params.recurring ? 'recurring' : 'one_time',
      unit_amount: int(params, 'unit_amount', prefix) ?? 0,
    });
  };
  state.route('POST', '/v1/prices', ({ params }) => createPrice(params, ''));

  state.route('POST', '/v1/subscriptions', ({ params }) => {
    const customer = state.get('customer', requireStr(params, 'customer'), 'customer');
    if (str(params, 'payment_behavior') !== 'default_incomplete') {
      throw invalidRequest('This customer has no attached payment source or default payment method.', {
        code: 'resource_missing',
      });
    }
    const item = ((params.items as Params[] | undefined) ?? [])[0];
    if (!item) throw invalidRequest('Missing required param: items.', { code: 'parameter_missing', param: 'items' });
    const price = str(item, 'price')
      ? state.get('price', must(str(item, 'price'), "str(item, 'price')"), 'items[0][price]')
      : createPrice(obj(item, 'price_data'), 'items[0][price_data]');
    const recurring = price.recurring as { interval: string; interval_count: number } | null;
    if (!recurring) throw invalidRequest('The price specified is not recurring.', { param: 'items[0][price]' });
    const quantity = int(item, 'quantity') ?? 1;
    const start = now();
    const end = start + must(PERIOD[recurring.interval], 'PERIOD[recurring.interval]') * recurring.interval_count;
    const id = newId('sub');
    const destination = str(obj(params, 'transfer_data'), 'destination');
    if (destination) state.get('account', destination, 'transfer_data[destination]');
    const onBehalfOf = str(params, 'on_behalf_of') ?? null;
    if (onBehalfOf) state.get('account', onBehalfOf, 'on_behalf_of');
    const feePercent = params.application_fee_percent ? Number(params.application_fee_percent) : null;

    const subscription = state.put({
      id,
      object: 'subscription',
      application_fee_percent: feePercent,
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: start,
      currency: price.currency,
      customer: customer.id,
      cancellation_details: null,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: end,
            price,
            quantity,
            subscription: id,
            metadata: {},
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: mergeMetadata({}, params.metadata),
      on_behalf_of: onBehalfOf,
      payment_settings: { save_default_payment_method: str(obj(params, 'payment_settings'), 'save_default_payment_method') ?? 'off' },
      start_date: start,
      status: 'incomplete',
      transfer_data: destination ? { destination, amount_percent: null } : null,
    });
    openInvoice(subscription, 'subscription_create');
    return subscription;
  });

  /** Finalizes the invoice for the subscription's current period, with its PaymentIntent. */
  function openInvoice(subscription: StripeObject, reason: 'subscription_create' | 'subscription_cycle') {
    const item = itemOf(subscription);
    const price = item.price as StripeObject;
    const amount = (price.unit_amount as number) * item.quantity;
    const feePercent = subscription.application_fee_percent as number | null;
    const destination = (subscription.transfer_data as { destination: string } | null)?.destination;
    const created = now();
    const invoiceId = newId('in');
    const intent = createPaymentIntent(state, {
      amount,
      currency: price.currency as string,
      customer: subscription.customer as string,
      description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      transfer_data: destination ? { destination } : null,
      on_behalf_of: subscription.on_behalf_of as string | null,
      application_fee_amount: feePercent === null ? null : Math.round((amount * feePercent) / 100),
    });
    invoiceOfIntent.set(intent.id, invoiceId);
    paymentOfInvoice.set(invoiceId, { id: newId('inpay'), intent: intent.id });
    subscription.latest_invoice = invoiceId;
    const period = { start: item.current_period_start, end: item.current_period_end };
    return {
      intent,
      invoice: state.put({
        id: invoiceId,
        object: 'invoice',
        amount_due: amount,
        amount_paid: 0,
        amount_remaining: amount,
        attempt_count: 0,
        billing_reason: reason,
        collection_method: 'charge_automatically',
        created,
        currency: price.currency,
        customer: subscription.customer,
        hosted_invoice_url: `${state.baseUrl}/i/${invoiceId}`,
        lines: {
          object: 'list',
          data: [
            {
              id: newId('il'),
              object: 'line_item',
              amount,
              currency: price.currency,
              quantity: item.quantity,
              period,
              pricing: { price_details: { price: price.id, product: price.product } },
            },
          ],
          has_more: false,
          url: `/v1/invoices/${invoiceId}/lines`,
        },
        livemode: false,
        metadata: {},
        // A first invoice of default_incomplete waits for the customer's confirmation; a renewal
        // is attempted at once, which `renew` does.
        next_payment_attempt: null,
        on_behalf_of: subscription.on_behalf_of,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
        },
        period_end: period.start,
        period_start: reason === 'subscription_create' ? period.start : created,
        status: 'open',
        status_transitions: { finalized_at: created, paid_at: null, voided_at: null, marked_uncollectible_at: null },
        subtotal: amount,
        total: amount,
      }),
    };
  }

  /**
   * Test helper: the end of the current period. A subscription set to cancel ends
   * (customer.subscription.deleted); otherwise the next period starts and its invoice is charged
   * to `paymentMethod` (a test card id): invoice.paid, or invoice.payment_failed and past_due.
   */
  function renew(subscriptionId: string, paymentMethod = 'pm_card_visa') {
    const subscription = state.get('subscription', subscriptionId);
    const item = itemOf(subscription);
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, {
        status: 'canceled',
        canceled_at: now(),
        ended_at: item.current_period_end,
        cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
      });
      state.webhooks.emit('customer.subscription.deleted', subscription);
      return;
    }
    const previous = { items: structuredClone(subscription.items), latest_invoice: subscription.latest_invoice };
    const length = item.current_period_end - item.current_period_start;
    item.current_period_start = item.current_period_end;
    item.current_period_end += length;
    const { invoice } = openInvoice(subscription, 'subscription_cycle');
    state.webhooks.emit('customer.subscription.updated', subscription, previous);
    attempt(invoice, paymentMethod, true);
  }

  /**
   * One attempt to pay an open invoice with its PaymentIntent (the same one for every attempt, as
   * Stripe's): success → payment_intent.succeeded, invoice.paid and the subscription active again
   * (afterPayment); a decline → payment_intent.payment_failed, invoice.payment_failed and an active
   * subscription past_due. An automatic attempt (renewal, Smart Retry) schedules the next retry.
   */
  function attempt(invoice: StripeObject, paymentMethod: string, automatic: boolean): StripeApiError | undefined {
    const intent = state.get('payment_intent', paymentOf(invoice).intent);
    invoice.attempt_count = (invoice.attempt_count as number) + 1;
    try {
      payments.confirm(intent, { payment_method: paymentMethod });
      return undefined;
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      if (automatic) invoice.next_payment_attempt = now() + RETRY_AFTER;
      state.webhooks.emit('invoice.payment_failed', invoice);
      const subscription = subscriptionOf(invoice);
      if (subscription.status === 'active') {
        subscription.status = 'past_due';
        state.webhooks.emit('customer.subscription.updated', subscription, { status: 'active' });
      }
      return error;
    }
  }

  const subscriptionOf = (invoice: StripeObject) =>
    state.get('subscription', (invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription);

  const requireOpen = (invoice: StripeObject) => {
    if (invoice.status === 'paid') throw invalidRequest('Invoice is already paid', { code: 'invoice_already_paid' });
    if (invoice.status !== 'open') {
      throw invalidRequest(`You cannot pay this invoice because it has a status of ${String(invoice.status)}.`);
    }
  };

  /** Test helper: a Smart Retry of an open invoice, with the subscription's card or another one. */
  function retry(invoiceId: string, paymentMethod?: string) {
    const invoice = state.get('invoice', invoiceId);
    requireOpen(invoice);
    const subscription = subscriptionOf(invoice);
    const intent = state.get('payment_intent', paymentOf(invoice).intent);
    attempt(invoice, paymentMethod ?? ((subscription.default_payment_method ?? intent.payment_method) as string), true);
  }

  /**
   * Test helper: the last retry failed and Stripe gives up, as the account's "Manage failed
   * payments" settings say: cancel the subscription or mark it unpaid. The invoice is left open
   * (Stripe's default "leave the invoice past due"; marking it uncollectible is another setting),
   * with no further attempt: it can still be paid on its page or through the API.
   */
  function giveUp(subscriptionId: string, outcome: 'cancel' | 'unpaid') {
    const subscription = state.get('subscription', subscriptionId);
    if (subscription.status !== 'past_due') {
      throw new Error(`Only a past_due subscription can run out of retries; ${subscriptionId} is ${String(subscription.status)}`);
    }
    const invoice = state.get('invoice', subscription.latest_invoice as string);
    invoice.next_payment_attempt = null;
    if (outcome === 'cancel') {
      Object.assign(subscription, {
        status: 'canceled',
        canceled_at: now(),
        ended_at: now(),
        cancellation_details: { comment: null, feedback: null, reason: 'payment_failed' },
      });
      state.webhooks.emit('customer.subscription.deleted', subscription);
    } else {
      subscription.status = 'unpaid';
      state.webhooks.emit('customer.subscription.updated', subscription, { status: 'past_due' });
    }
  }

  state.route('POST', '/v1/invoices/{id}/pay', ({ ids: [id], params }) => {
    const invoice = state.get('invoice', must(id, 'id'));
    requireOpen(invoice);
    const intent = state.get('payment_intent', paymentOf(invoice).intent);
    const subscription = subscriptionOf(invoice);
    const method = str(params, 'payment_method') ?? ((subscription.default_payment_method ?? intent.payment_method) as string | null);
    if (!method) {
      throw invalidRequest('This customer has no attached payment source or default payment method.', { code: 'resource_missing' });
    }
    const error = attempt(invoice, method, false);
    if (error) throw error;
    return invoice;
  });

  state.route('POST', '/v1/invoices/{id}/void', ({ ids: [id] }) => {
    const invoice = state.get('invoice', must(id, 'id'));
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
      throw invalidRequest(`You can only void an open or uncollectible invoice; this one is ${String(invoice.status)}.`);
    }
    Object.assign(invoice, { status: 'void', next_payment_attempt: null });
    (invoice.status_transitions as { voided_at: number }).voided_at = now();
    const intent = state.get('payment_intent', paymentOf(invoice).intent);
    if (intent.status !== 'canceled' && intent.status !== 'succeeded') payments.cancel(intent, 'void_invoice');
    state.webhooks.emit('invoice.voided', invoice);
    return invoice;
  });

  // An invoice's PaymentIntent belongs to the invoice: Stripe has it voided, not cancelled.
  state.beforeCancel.push((intent) => {
    const invoiceId = invoiceOfIntent.get(intent.id);
    if (!invoiceId) return;
    throw invalidRequest(
      `You cannot cancel this PaymentIntent because it was created by an invoice (${invoiceId}). Void the invoice instead.`,
      { code: 'payment_intent_unexpected_state' },
    );
  });

  /** The hosted invoice page: the amount due and a link that pays it with pm_card_visa. */
  state.route(
    'GET',
    '/i/{id}',
    ({ ids: [id], query }) => {
      const invoice = state.get('invoice', must(id, 'id'));
      const amount = `${((invoice.amount_due as number) / 100).toFixed(2)} ${String(invoice.currency).toUpperCase()}`;
      if (invoice.status !== 'open') return { html: `<h1>Invoice ${invoice.id}</h1><p>${amount}: ${String(invoice.status)}.</p>` };
      if (query.get('pay') === '1') {
        const declined = attempt(invoice, 'pm_card_visa', false);
        if (declined) return { html: `<p>${declined.message}</p>`, status: 402 };
        return { html: `<h1>Invoice ${invoice.id}</h1><p>${amount}: paid.</p>` };
      }
      return { html: `<h1>Invoice ${invoice.id}</h1><p>${amount} due.</p><a href="/i/${invoice.id}?pay=1">Pay</a>` };
    },
    'page',
  );

  state.route('GET', '/v1/subscriptions/{id}', ({ ids: [id] }) => state.get('subscription', must(id, 'id')));
  state.route('GET', '/v1/invoices/{id}', ({ ids: [id] }) => state.get('invoice', must(id, 'id')));

  state.route('POST', '/v1/subscriptions/{id}', ({ ids: [id], params }) => {
    const subscription = state.get('subscription', must(id, 'id'));
    if (subscription.status === 'canceled') {
      throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const previous = pick(subscription, ['cancel_at_period_end', 'cancel_at', 'metadata']);
    const atPeriodEnd = bool(params, 'cancel_at_period_end');
    if (atPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = atPeriodEnd;
      subscription.cancel_at = atPeriodEnd ? itemOf(subscription).current_period_end : null;
    }
    if (params.metadata !== undefined) {
      subscription.metadata = mergeMetadata(subscription.metadata as Record<string, string>, params.metadata);
    }
    const changed = Object.fromEntries(
      Object.entries(previous).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(subscription[key])),
    );
    if (Object.keys(changed).length) state.webhooks.emit('customer.subscription.updated', subscription, changed);
    return subscription;
  });

  state.route('DELETE', '/v1/subscriptions/{id}', ({ ids: [id] }) => {
    const subscription = state.get('subscription', must(id, 'id'));
    if (subscription.status === 'canceled') {
      throw invalidRequest(`No such subscription: '${subscription.id}'`, { code: 'resource_missing' });
    }
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: now(),
      ended_at: now(),
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    });
    state.webhooks.emit('customer.subscription.deleted', subscription);
    return subscription;
  });

  state.includable.set('invoice.confirmation_secret', (invoice) => {
    const intent = state.get('payment_intent', paymentOf(invoice).intent);
    return invoice.status === 'open' ? { client_secret: intent.client_secret, type: 'payment_intent' } : null;
  });
  state.includable.set('invoice.payments', (invoice) => {
    const payment = paymentOf(invoice);
    const paid = invoice.status === 'paid';
    return {
      object: 'list',
      data: [
        {
          id: payment.id,
          object: 'invoice_payment',
          amount_paid: paid ? invoice.amount_paid : null,
          amount_requested: invoice.amount_due,
          created: invoice.created,
          currency: invoice.currency,
          invoice: invoice.id,
          is_default: true,
          livemode: false,
          payment: { type: 'payment_intent', payment_intent: payment.intent },
          status: paid ? 'paid' : 'open',
          status_transitions: { canceled_at: null, paid_at: (invoice.status_transitions as { paid_at: number | null }).paid_at },
        },
      ],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${invoice.id}`,
    };
  });

  state.afterPayment.push((intent) => {
    const invoiceId = invoiceOfIntent.get(intent.id);
    if (!invoiceId) return;
    const invoice = state.get('invoice', invoiceId);
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      // A first invoice confirmed by the customer's browser counts as one attempt.
      attempt_count: Math.max(invoice.attempt_count as number, 1),
      next_payment_attempt: null,
    });
    (invoice.status_transitions as { paid_at: number }).paid_at = now();
    state.webhooks.emit('invoice.paid', invoice);
    const subscription = subscriptionOf(invoice);
    // Paying the latest invoice brings a past_due or unpaid subscription back; a canceled one stays so.
    const status = subscription.status as string;
    if (status === 'incomplete' || ((status === 'past_due' || status === 'unpaid') && subscription.latest_invoice === invoice.id)) {
      subscription.status = 'active';
      if (status === 'incomplete') subscription.default_payment_method = intent.payment_method;
      state.webhooks.emit('customer.subscription.updated', subscription, { status });
    }
  });

  return { renew, retry, giveUp };
}
