import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from './ui/button.tsx';
import { DocumentTitle } from './ui/page.tsx';
import { PageSpinner } from './ui/spinner.tsx';
import { useConfig } from '../lib/config.ts';

/**
 * Where the visitor is sent when the provider has a main public site
 * (docs/product-rules.md#routes-and-navigation).
 */
export function marketingTarget(marketingUrl: string | null | undefined, path: string): string | null {
  if (!marketingUrl) return null;
  const target = marketingUrl.replace(/\/+$/, '') + path;
  try {
    // Never bounce back to this very app (that would loop).
    if (new URL(target, window.location.href).origin === window.location.origin) return null;
  } catch {
    return null;
  }
  return target;
}

/**
 * Catch-all: first try the provider's main public site at the same path; otherwise 'Page not found'
 * with a 'Return home' link.
 */
export function NotFoundPage() {
  const location = useLocation();
  const { config, isPending } = useConfig();
  const target = isPending ? null : marketingTarget(config.marketing_url, location.pathname + location.search + location.hash);

  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);

  if (isPending || target) return <PageSpinner />;
  return <PageNotFound />;
}

export function PageNotFound() {
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center px-6 py-16 text-center">
      <DocumentTitle title="Page not found" />
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl">Page not found</h1>
      <p className="mt-3 max-w-sm text-sm leading-relaxed text-zinc-600">Sorry, we couldn’t find the page you’re looking for.</p>
      <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
        Return home
      </Link>
    </div>
  );
}
