/**
 * Why a social sign-in came back to the login page (`/login?social_error=…&provider=…`, set by
 * the server's callback), in words a person can act on.
 */
const PROVIDER_NAMES: Record<string, string> = { google: 'Google', facebook: 'Facebook' };

export function socialErrorMessage(reason: string, provider: string | null): { title: string; description: string } {
  const name = PROVIDER_NAMES[provider ?? ''] ?? 'the provider';
  switch (reason) {
    case 'denied':
      return {
        title: `Signing in with ${name} was cancelled`,
        description: 'Nothing was shared. You can try again, or use your e-mail instead.',
      };
    case 'state':
      return {
        title: 'That sign-in attempt expired',
        description: `It was already used or took too long. Please press “Continue with ${name}” again.`,
      };
    case 'unverified':
      return {
        title: 'Please sign in with your e-mail first',
        description: `${name} has not verified the address it shared, so it cannot sign you in here. Sign in with an e-mail link instead, or verify the address with ${name} and try again.`,
      };
    case 'no_email':
      return {
        title: `${name} did not share your e-mail address`,
        description: 'We need it for your account. Allow access to your e-mail address, or sign in with an e-mail link.',
      };
    default:
      return {
        title: `${name} did not confirm your sign-in`,
        description: 'Please try again in a minute, or sign in with an e-mail link.',
      };
  }
}
