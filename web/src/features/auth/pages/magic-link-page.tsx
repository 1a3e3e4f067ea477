import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MAGIC_LINK_EXPIRED_REDIRECT_MS, magicLinkToken, nameField, type Me } from '@slotted/contract';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { CircleExclamationPointIcon } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client.ts';
import { useApiForm } from '../../../lib/forms/use-api-form.ts';
import { browserTimeZone } from '../../../lib/format.ts';
import { takeRedirectAfterLogin } from '../../../lib/redirect-after-login.ts';
import { useCreateUser } from '../api/create-user.ts';
import { meKeys } from '../../../lib/query-keys.ts';
import { verifyMagicLink } from '../api/verify-magic-link.ts';
import { AuthHeading, AuthLayout } from '../components/auth-layout.tsx';

export const MAGIC_LINK_EXPIRED_TOAST = 'The magic link has expired. You will be redirected to the login page in a few seconds.';

type State = { step: 'verifying' } | { step: 'setup'; email: string } | { step: 'failed'; title: string; message: string };

/** One verification per token, even when React StrictMode runs the effect twice. */
const verifications = new Map<string, ReturnType<typeof verifyMagicLink>>();
function verifyOnce(token: string) {
  let pending = verifications.get(token);
  if (!pending) {
    pending = verifyMagicLink(token);
    verifications.set(token, pending);
    // StrictMode's second effect run comes before the answer; once settled, forget it so a later
    // visit with the same link asks the server again.
    const forget = () => verifications.delete(token);
    pending.then(forget, forget);
  }
  return pending;
}

/**
 * The magic-link page (docs/product-rules.md#sign-in): verifies the token on load. Signed in → the
 * remembered page or /; a new e-mail → 'Set up your account'; an expired link → back to /login
 * after 5 seconds.
 */
export function MagicLinkPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [state, setState] = useState<State>({ step: 'verifying' });

  const signedIn = (me: Me) => {
    queryClient.setQueryData(meKeys.all, me);
    void navigate(takeRedirectAfterLogin(), { replace: true });
  };
  const signedInRef = useRef(signedIn);
  const toastRef = useRef(toast);
  useEffect(() => {
    signedInRef.current = signedIn;
    toastRef.current = toast;
  });

  useEffect(() => {
    let active = true;
    let redirectTimer: number | undefined;
    const fail = (title: string, message: string) => active && setState({ step: 'failed', title, message });

    if (!magicLinkToken.safeParse(token).success) {
      Promise.resolve().then(() => fail('This link is not valid', 'This sign-in link is not valid.'));
      return () => {
        active = false;
      };
    }

    verifyOnce(token).then(
      (result) => {
        if (!active) return;
        if (result.kind === 'signed-in') signedInRef.current(result.me);
        else setState({ step: 'setup', email: result.email });
      },
      (error: unknown) => {
        if (!active) return;
        if (isApiError(error, 'magic_link_expired')) {
          toastRef.current({ title: MAGIC_LINK_EXPIRED_TOAST, theme: 'error', duration: MAGIC_LINK_EXPIRED_REDIRECT_MS });
          fail('This link has expired', 'Sign-in links work for a limited time. Request a new one from the sign-in page.');
          redirectTimer = window.setTimeout(() => void navigate('/login', { replace: true }), MAGIC_LINK_EXPIRED_REDIRECT_MS);
        } else if (isApiError(error, 'validation_failed')) {
          const first = Object.values(error.errors)[0]?.[0] ?? error.message;
          fail('This link is not valid', first);
        } else {
          const message = isApiError(error) && error.code !== 'network_error' && error.message ? error.message : GENERIC_ERROR_MESSAGE;
          toastRef.current({ title: message, theme: 'error' });
          fail('We could not sign you in', message);
        }
      },
    );
    return () => {
      active = false;
      window.clearTimeout(redirectTimer);
    };
  }, [token, navigate]);

  if (state.step === 'setup') return <SetUpAccount email={state.email} token={token} onCreated={signedIn} />;

  if (state.step === 'failed') {
    return (
      <AuthLayout>
        <div className="flex flex-col items-center text-center">
          <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
            <CircleExclamationPointIcon className="size-6" />
          </span>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">{state.title}</h1>
          <p className="mt-2 text-sm leading-relaxed text-zinc-600">{state.message}</p>
          <Link to="/login" replace className={buttonClasses({ theme: 'white', fullWidth: true, className: 'mt-6' })}>
            Back to sign in
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <div className="flex flex-col items-center gap-4 py-6 text-center" aria-live="polite">
        <Spinner className="size-6 text-brand-600" />
        <p className="text-sm text-zinc-600">Signing you in…</p>
      </div>
    </AuthLayout>
  );
}

/** The name is typed; the e-mail comes from the link and is shown only to carry the server's message about it. */
const setUpAccountForm = z.object({ name: nameField, email: z.string() });

function SetUpAccount({ email, token, onCreated }: { email: string; token: string; onCreated: (me: Me) => void }) {
  const { toast } = useToast();
  const createUser = useCreateUser();
  const { form, ref, submit, showServerErrors, errorOf } = useApiForm(setUpAccountForm, { defaultValues: { name: '', email } });

  const onSubmit = submit((input) =>
    createUser.mutate(
      { email, name: input.name, token, timezone: browserTimeZone() },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (showServerErrors(error)) return;
          const message = isApiError(error) && error.code !== 'network_error' && error.message ? error.message : GENERIC_ERROR_MESSAGE;
          toast({ title: message, theme: 'error' });
        },
      },
    ),
  );

  return (
    <AuthLayout title="Set up your account">
      <AuthHeading title="Set up your account">Tell us your name to finish creating your account.</AuthHeading>
      <form ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label="Name" error={errorOf('name')}>
          <Input {...form.register('name')} autoComplete="name" placeholder="Your full name" autoFocus />
        </Field>
        <Field label="E-mail" error={errorOf('email')}>
          <Input type="email" name="email" value={email} disabled readOnly />
        </Field>
        <Button type="submit" size="l" fullWidth loading={createUser.isPending}>
          Continue
        </Button>
      </form>
    </AuthLayout>
  );
}
