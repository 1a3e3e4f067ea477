import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/me.ts';
import { useResumeOnce } from '../../../lib/use-resume-once.ts';
import { useSignInAndReturn } from '../../../lib/use-sign-in-and-return.ts';
import { useBuyPlan } from '../api/buy-plan.ts';
import type { PublicPlan } from '../api/get-profile.ts';

/** `?plan={id}` on a profile names the plan a visitor was buying when sent to sign in. */
export const PLAN_PARAM = 'plan';

/**
 * Buying a plan from the public profile (docs/product-rules.md#roles-and-accounts): a signed-in
 * client's purchase goes to its checkout; a visitor is sent to sign in and brought back to
 * `/{username}?plan={id}`, where the purchase carries on by itself. A provider never buys their
 * own plans.
 */
export function usePlanPurchase({ username, plans, isOwn }: { username: string; plans: PublicPlan[]; isOwn: boolean }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { data: me } = useMe();
  const buy = useBuyPlan();
  const [search] = useSearchParams();
  const [buyingId, setBuyingId] = useState<PublicPlan['id'] | null>(null);

  const requested = search.get(PLAN_PARAM);
  const requestedPlan = requested === null ? undefined : plans.find((plan) => String(plan.id) === requested);

  const signIn = useSignInAndReturn();
  const toLogin = (plan: PublicPlan) => signIn(`/${encodeURIComponent(username)}?${PLAN_PARAM}=${encodeURIComponent(String(plan.id))}`);

  const start = (plan: PublicPlan) => {
    if (buy.isPending || isOwn) return;
    if (!me) return toLogin(plan);
    setBuyingId(plan.id);
    buy.mutate(Number(plan.id), {
      onSuccess: (created) => void navigate(`/memberships/${encodeURIComponent(created.id)}`),
      onError: (error) => {
        setBuyingId(null);
        if (isApiError(error, 'unauthenticated')) return toLogin(plan);
        // Every other failure, plan_unavailable (no longer sold) included, is told in the server's words.
        toast({ title: 'Oops!', description: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE, theme: 'error' });
      },
    });
  };

  // Back from signing in: carry on with the plan, once.
  useResumeOnce(PLAN_PARAM, requestedPlan && me && !isOwn ? () => start(requestedPlan) : null);

  return {
    /** The plan named in the address, shown highlighted (and opened in the Plans segment). */
    requestedPlanId: requestedPlan?.id ?? null,
    buyingId: buy.isPending ? buyingId : null,
    /** Whether buy buttons are shown at all: not on one's own profile. */
    canBuy: !isOwn,
    start,
  };
}
