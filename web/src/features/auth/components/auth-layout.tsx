import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/ui/icons.tsx';
import { DocumentTitle } from '../../../components/ui/page.tsx';

/** The centred card of the sign-in screens (no sidebar). */
export function AuthLayout({ children, footer, title = 'Sign in' }: { children: ReactNode; footer?: ReactNode; title?: string }) {
  return (
    <div className="relative flex min-h-dvh flex-col items-center bg-zinc-50 px-4 py-10 sm:justify-center sm:py-16">
      <DocumentTitle title={title} />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-brand-50/80 to-transparent"
      />
      <div className="relative w-full max-w-[400px]">
        <div className="mb-8 flex justify-center">
          <Link to="/" className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500" aria-label="Slotted, home">
            <Logo className="text-lg" />
          </Link>
        </div>
        <div className="rounded-2xl border border-zinc-200/80 bg-white p-6 shadow-sm shadow-zinc-900/5 sm:p-8">{children}</div>
        {footer && <div className="mt-6 text-center text-xs leading-relaxed text-zinc-500">{footer}</div>}
      </div>
    </div>
  );
}

export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">{title}</h1>
      {children && <p className="mt-2 text-sm leading-relaxed text-zinc-600">{children}</p>}
    </div>
  );
}
