import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

export type ButtonSize = 'l' | 'm' | 's' | 'xs';
export type ButtonTheme = 'primary' | 'secondary' | 'danger' | 'white' | 'ghost' | 'link';

const base =
  'relative inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ' +
  'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50';

const sizes: Record<ButtonSize, string> = {
  l: 'h-11 rounded-xl px-5 text-[15px]',
  m: 'h-10 rounded-lg px-4 text-sm',
  s: 'h-8 rounded-lg px-3 text-sm',
  xs: 'h-7 rounded-md px-2.5 text-xs',
};

const themes: Record<ButtonTheme, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800',
  secondary: 'bg-zinc-900 text-white shadow-sm hover:bg-zinc-800 active:bg-zinc-950',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800 focus-visible:outline-red-500',
  white: 'border border-zinc-200 bg-white text-zinc-800 shadow-xs hover:bg-zinc-50 active:bg-zinc-100',
  ghost: 'text-zinc-700 hover:bg-zinc-100 active:bg-zinc-200/70',
  link: 'h-auto! px-0! text-brand-700 underline-offset-4 hover:underline',
};

export function buttonClasses({
  size = 'm',
  theme = 'primary',
  fullWidth = false,
  className,
}: { size?: ButtonSize; theme?: ButtonTheme; fullWidth?: boolean; className?: string } = {}): string {
  return cn(base, sizes[size], themes[theme], fullWidth && 'w-full', className);
}

interface CommonProps {
  size?: ButtonSize;
  theme?: ButtonTheme;
  fullWidth?: boolean;
  /** Shows a spinner, disables the button and marks it aria-busy. */
  loading?: boolean;
  leadingIcon?: ReactNode;
  trailingIcon?: ReactNode;
}

export type ButtonProps = CommonProps &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    /** Renders the single child (e.g. a router Link) with the button's look. */
    asChild?: boolean;
  };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { size, theme, fullWidth, loading = false, leadingIcon, trailingIcon, asChild = false, className, children, disabled, type, ...props },
  ref,
) {
  const classes = buttonClasses({ size, theme, fullWidth, className });
  if (asChild) {
    return (
      <Slot.Root ref={ref} className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner className={cn(size === 'xs' ? 'size-3' : 'size-4')} /> : leadingIcon}
      {children}
      {!loading && trailingIcon}
    </button>
  );
});

export type ButtonLinkProps = CommonProps & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A plain link (full page navigation, e.g. social sign-in or external pages) that looks like a button. */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { size, theme, fullWidth, loading = false, leadingIcon, trailingIcon, className, children, ...props },
  ref,
) {
  return (
    <a ref={ref} className={buttonClasses({ size, theme, fullWidth, className })} aria-busy={loading || undefined} {...props}>
      {loading ? <Spinner /> : leadingIcon}
      {children}
      {!loading && trailingIcon}
    </a>
  );
});
