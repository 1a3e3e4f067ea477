/**
 * Connect: Express accounts, Account Links whose URL on this server completes onboarding
 * (GET /onboarding/{account} → account.updated, redirect to return_url), and Login Links.
 */
import { bool, mergeMetadata, newId, now, obj, str, type StripeObject } from './protocol.ts';
import type { StripeState } from './state.ts';
import { must } from '../must.ts';

const REQUIREMENTS = ['business_profile.url', 'external_account', 'individual.first_name', 'tos_acceptance.date'];

export function connectRoutes(state: StripeState) {
  state.route('POST', '/v1/accounts', ({ params }) => {
    const capabilities = Object.fromEntries(
      Object.entries(obj(params, 'capabilities'))
        .filter(([, request]) => bool(request as Record<string, unknown>, 'requested'))
        .map(([name]) => [name, 'inactive']),
    );
    return state.put({
      id: newId('acct'),
      object: 'account',
      type: str(params, 'type') ?? 'express',
      business_type: str(params, 'business_type') ?? null,
      capabilities,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      country: str(params, 'country') ?? 'US',
      default_currency: (str(params, 'default_currency') ?? 'usd').toLowerCase(),
      email: str(params, 'email') ?? null,
      created: now(),
      metadata: mergeMetadata({}, params.metadata),
      requirements: { currently_due: REQUIREMENTS, eventually_due: REQUIREMENTS, past_due: [], disabled_reason: null },
    });
  });

  state.route('GET', '/v1/accounts/{id}', ({ ids: [id] }) => state.get('account', must(id, 'id')));

  state.route('POST', '/v1/account_links', ({ params }) => {
    const account = state.get('account', str(params, 'account') ?? '', 'account');
    const link = new URL(`/onboarding/${account.id}`, state.baseUrl);
    link.searchParams.set('return_url', str(params, 'return_url') ?? '');
    link.searchParams.set('refresh_url', str(params, 'refresh_url') ?? '');
    return {
      id: newId('acctlink'),
      object: 'account_link',
      created: now(),
      expires_at: now() + 300,
      url: link.toString(),
    };
  });

  state.route('POST', '/v1/accounts/{id}/login_links', ({ ids: [id] }) => {
    const account = state.get('account', must(id, 'id'), 'account');
    return { id: newId('lael'), object: 'login_link', created: now(), url: `${state.baseUrl}/express/${account.id}` };
  });

  state.route(
    'GET',
    '/onboarding/{id}',
    ({ ids: [id], query }) => {
      const account = state.get('account', must(id, 'id'));
      const previous = pick(account, ['charges_enabled', 'payouts_enabled', 'details_submitted', 'capabilities']);
      Object.assign(account, {
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        capabilities: Object.fromEntries(Object.keys(account.capabilities as object).map((name) => [name, 'active'])),
        requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
      });
      state.webhooks.emit('account.updated', account, previous, { account: account.id });
      return { redirect: query.get('return_url') ?? state.baseUrl };
    },
    'page',
  );

  state.route(
    'GET',
    '/express/{id}',
    ({ ids: [id] }) => ({ html: `<h1>Express dashboard</h1><p>${state.get('account', must(id, 'id')).id}</p>` }),
    'page',
  );
}

export const pick = (object: StripeObject, keys: string[]) => Object.fromEntries(keys.map((key) => [key, structuredClone(object[key])]));
