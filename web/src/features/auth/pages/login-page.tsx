import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Navigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { MailIcon } from 'lucide-react';
import { FacebookIcon, GoogleIcon } from '../../../components/ui/icons.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { buildUrl, isApiError, routePath } from '../../../lib/api-client.ts';
import { useApiForm } from '../../../lib/forms/use-api-form.ts';
import { useConfig } from '../../../lib/config.ts';
import { useMe } from '../../../lib/me.ts';
import { useLogin } from '../api/login.ts';
import { AuthHeading, AuthLayout } from '../components/auth-layout.tsx';
import { browserTimeZone } from '../../../lib/format.ts';
import { socialErrorMessage } from '../social-errors.ts';

// zod loads once someone types an address, not with the page (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md).
const loginSchema = () => import('../login-schema.ts').then((m) => m.loginRequest);

export const LOGIN_FAILED_TOAST = 'Oops! An error occurred. Please try again.';

/**
 * The login page (docs/product-rules.md#sign-in): social sign-in (when configured) or an e-mailed
 * magic link.
 */
/** GET /auth/social/{provider}: a link the browser follows, with its zone for a new account. */
function socialStartUrl(provider: 'google' | 'facebook'): string {
  return buildUrl(routePath('socialStart', { provider }), { timezone: browserTimeZone() });
}

export function LoginPage() {
  const { data: me } = useMe();
  const { config } = useConfig();
  const { toast } = useToast();
  const login = useLogin();
  const { form, ref, submit, showServerErrors, errorOf } = useApiForm(loginSchema, { defaultValues: { email: '' } });
  const email = useWatch({ control: form.control, name: 'email' });
  const [sent, setSent] = useState(false);
  const [params, setParams] = useSearchParams();

  // A social sign-in that failed comes back here with its reason; say it once, then tidy the URL.
  const socialError = params.get('social_error');
  useEffect(() => {
    if (!socialError) return;
    toast({ ...socialErrorMessage(socialError, params.get('provider')), theme: 'error' });
    setParams({}, { replace: true });
  }, [socialError, params, setParams, toast]);

  if (me) return <Navigate to="/" replace />;

  const onSubmit = submit((input) =>
    login.mutate(input, {
      onSuccess: () => setSent(true),
      onError: (err) => {
        if (showServerErrors(err)) return;
        if (isApiError(err, 'validation_failed')) form.setError('email', { type: 'server', message: err.message }, { shouldFocus: true });
        else if (isApiError(err, 'rate_limited')) toast({ title: err.message, theme: 'error' });
        else toast({ title: LOGIN_FAILED_TOAST, theme: 'error' });
      },
    }),
  );

  const footer = <>By continuing, you agree to the Terms of Service and acknowledge the Privacy Policy of this Slotted site.</>;

  if (sent) {
    return (
      <AuthLayout footer={footer} title="Check your inbox">
        <div className="flex flex-col items-center text-center">
          <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <MailIcon className="size-6" />
          </span>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Check your inbox</h1>
          <p className="mt-2 text-sm leading-relaxed text-zinc-600">
            {config.mail_delivery === 'console'
              ? 'We sent you an activation link. This site has no mail server yet: the e-mail with the link is printed in the terminal where Slotted runs.'
              : 'We sent you an activation link. Please be sure to check your spam folder too.'}
          </p>
          {email && <p className="mt-3 text-sm font-medium break-all text-zinc-900">{email.trim()}</p>}
          <Button theme="white" fullWidth className="mt-6" onClick={() => setSent(false)}>
            Resend email
          </Button>
        </div>
      </AuthLayout>
    );
  }

  const social = config.social.google || config.social.facebook;
  return (
    <AuthLayout footer={footer}>
      <AuthHeading title="Sign in to your account" />
      {social && (
        <>
          <div className="flex flex-col gap-2.5">
            {config.social.google && (
              <ButtonLink href={socialStartUrl('google')} theme="white" size="l" fullWidth leadingIcon={<GoogleIcon className="size-5" />}>
                Continue with Google
              </ButtonLink>
            )}
            {config.social.facebook && (
              <ButtonLink
                href={socialStartUrl('facebook')}
                theme="white"
                size="l"
                fullWidth
                leadingIcon={<FacebookIcon className="size-5" />}
              >
                Continue with Facebook
              </ButtonLink>
            )}
          </div>
          <div className="my-6 flex items-center gap-3 text-xs text-zinc-500" role="separator">
            <span className="h-px flex-1 bg-zinc-200" />
            or
            <span className="h-px flex-1 bg-zinc-200" />
          </div>
        </>
      )}
      <form ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label="E-mail" error={errorOf('email')}>
          <Input {...form.register('email')} type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" autoFocus />
        </Field>
        <Button type="submit" size="l" fullWidth loading={login.isPending}>
          Continue
        </Button>
      </form>
    </AuthLayout>
  );
}
