import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CONFIRMATION_SUCCESS_DELAY_MS, type ErrorCode, type Membership, type MembershipPaymentOption } from '@slotted/contract';
import { CONFIRM_FAILED } from '../../../components/checkout/card-payment.tsx';
import { useCardPayment, type StripeReturn } from '../../../components/checkout/use-card-payment.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { membershipKeys, purchaseKeys } from '../../../lib/query-keys.ts';
import { rememberRedirectAfterLogin } from '../../../lib/redirect-after-login.ts';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
import { useConfirmMembership } from '../api/confirm-membership.ts';
import { fetchMembership } from '../api/get-membership.ts';
import { membershipCheckoutKey, startMembershipCheckout } from '../api/start-membership-checkout.ts';

export const MEMBERSHIP_OPTION_LABELS: Record<MembershipPaymentOption, string> = {
  pay_now: 'Pay now',
  in_person: 'Pay in person',
};

/**
 * The membership checkout's state and actions (docs/product-rules.md#memberships-and-credits):
 * the purchase's countdown, the chosen way to pay (pay now first when offered, then pay in
 * person), confirming (the answer is shown a second later, as for bookings), and the expired state.
 * `returned` is Stripe's return from a redirect-based card payment.
 */
export function useMembershipCheckout(membership: Membership, receivedAt: number, returned: StripeReturn | null = null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { toast } = useToast();
  const confirmMutation = useConfirmMembership();

  const [chosen, setChosen] = useState<MembershipPaymentOption | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [expiredByServer, setExpiredByServer] = useState(false);
  const swapTimer = useRef<number | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const timer = swapTimer;
    return () => window.clearTimeout(timer.current);
  }, []);

  const confirmed = membership.confirmed_at !== null;
  const held = membership.status === 'held';
  const secondsLeft = useSecondsLeft(
    held && membership.expires_in_seconds !== null ? receivedAt + membership.expires_in_seconds * 1000 : null,
  );
  const options = membership.payment_options;
  const option = chosen && options.includes(chosen) ? chosen : (options[0] ?? null);
  const username = membership.provider.username;

  const card = useCardPayment({
    shown: membership.is_mine && !confirmed && option === 'pay_now' && !expiredByServer && membership.status === 'held',
    checkoutKey: membershipCheckoutKey(membership.id),
    startCheckout: () => startMembershipCheckout(membership.id),
    current: membership,
    check: (paymentIntent) => fetchMembership(membership.id, paymentIntent),
    // Confirmed once the server has seen the money; or the purchase ran out first (the server refunds).
    settled: (next) => next.confirmed_at !== null || next.status === 'expired',
    onSettled: (next) => {
      setConfirming(true);
      showAnswer(next);
    },
    returned,
  });
  const paying = card.phase !== 'idle';
  const startExpired = isApiError(card.startError, 409) && card.startError.code === ('purchase_expired' satisfies ErrorCode);
  const expired =
    membership.is_mine &&
    !confirmed &&
    !confirming &&
    !paying &&
    (membership.status === 'expired' || expiredByServer || startExpired || secondsLeft === 0);

  const toLogin = () => {
    rememberRedirectAfterLogin(location.pathname + location.search);
    void navigate('/login', { replace: true });
  };

  // Starting the card payment needs the session too: sign in and come back.
  const signedOut = isApiError(card.startError, 401);
  useEffect(() => {
    if (!signedOut) return;
    rememberRedirectAfterLogin(location.pathname + location.search);
    void navigate('/login', { replace: true });
  }, [signedOut, location.pathname, location.search, navigate]);
  const startFailure = card.startError && !signedOut && !startExpired ? card.startError.message : null;

  const showAnswer = (next: Membership) => {
    swapTimer.current = window.setTimeout(() => {
      queryClient.setQueryData(membershipKeys.detail(membership.id), next);
      setConfirming(false);
      // The Confirm button goes away with the checkout: the heading takes the focus.
      headingRef.current?.focus();
      void queryClient.invalidateQueries({ queryKey: membershipKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
    }, CONFIRMATION_SUCCESS_DELAY_MS);
  };

  const confirmFailed = (error: Error) => {
    setConfirming(false);
    if (isApiError(error, 401)) return toLogin();
    if (isApiError(error, 409) && error.code === ('purchase_expired' satisfies ErrorCode)) {
      setExpiredByServer(true);
      return;
    }
    if (isApiError(error, 409) || isApiError(error, 403)) {
      // The plan is no longer sold, or the provider now takes payment online: say so, show what is left.
      toast({ title: CONFIRM_FAILED.title, description: error.message, theme: 'error' });
      void queryClient.invalidateQueries({ queryKey: membershipKeys.detail(membership.id) });
      return;
    }
    toast({ ...CONFIRM_FAILED, theme: 'error' });
  };

  const confirm = () => {
    if (!option || confirming) return;
    if (option === 'pay_now') {
      void card.pay();
      return;
    }
    setConfirming(true);
    confirmMutation.mutate(membership.id, { onSuccess: showAnswer, onError: confirmFailed });
  };

  return {
    confirmed,
    heading: confirmed ? 'Thank you for your purchase!' : 'Checkout',
    headingRef,
    /** Seconds left on a live purchase, or null. */
    secondsLeft: held ? secondsLeft : null,
    expired,
    restartTo: username ? `/${encodeURIComponent(username)}` : '/',
    payment: {
      options,
      option,
      choose: setChosen,
      confirm,
      confirming: confirming || paying,
      busy: confirming || paying || (option === 'pay_now' && card.starting),
      card,
      payError: option === 'pay_now' ? (card.error ?? startFailure) : null,
    },
  };
}

export type MembershipCheckout = ReturnType<typeof useMembershipCheckout>;
