import type { SVGProps } from 'react';

/**
 * The few icons lucide-react cannot give: the Slotted logo, the Google and Facebook brand logos and
 * a calendar page showing a day number. Every other icon comes from lucide-react directly.
 */
type IconProps = SVGProps<SVGSVGElement>;

/** A stroke frame like lucide's (24×24 grid, currentColor), with the stroke width app/providers.tsx gives lucide icons. */
function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      width="1em"
      height="1em"
      {...props}
    >
      {children}
    </svg>
  );
}

export const GoogleIcon = (p: IconProps) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" width="1em" height="1em" {...p}>
    <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8Z" />
    <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z" />
    <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
    <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9Z" />
  </svg>
);
export const FacebookIcon = (p: IconProps) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" width="1em" height="1em" {...p}>
    <path
      fill="#1877F2"
      d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z"
    />
    <path
      fill="#fff"
      d="m16.7 15.5.5-3.5h-3.4V9.8c0-1 .5-1.9 2-1.9h1.5v-3s-1.4-.2-2.7-.2c-2.7 0-4.5 1.7-4.5 4.7V12h-3v3.5h3v8.4a12 12 0 0 0 3.7 0v-8.4h2.9Z"
    />
  </svg>
);

/**
 * Schedule's icon: a calendar page showing today's day of the month
 * (docs/product-rules.md#routes-and-navigation).
 */
export function CalendarDayIcon({ day, ...p }: IconProps & { day: number }) {
  return (
    <Svg {...p}>
      <rect x="3" y="4.5" width="18" height="16.5" rx="3" />
      <path d="M8 2.5v4M16 2.5v4M3 9h18" />
      <text
        x="12"
        y="18.4"
        textAnchor="middle"
        fontSize="8.6"
        fontWeight="700"
        fill="currentColor"
        stroke="none"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
      >
        {day}
      </text>
    </Svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={className} role="img" aria-label="Slotted">
      <svg viewBox="0 0 32 32" width="1.75em" height="1.75em" aria-hidden="true" focusable="false" className="inline-block align-middle">
        <rect width="32" height="32" rx="8" fill="var(--color-brand-600)" />
        <rect x="8" y="9" width="16" height="15" rx="3" fill="none" stroke="#fff" strokeWidth="2.2" />
        <path d="M8 14h16M12 6.5v4M20 6.5v4" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <rect x="11.5" y="17" width="4" height="3.5" rx="1" fill="#fff" />
      </svg>
      <span className="ml-2 align-middle text-[1.05em] font-semibold tracking-tight text-zinc-900" aria-hidden="true">
        Slotted
      </span>
    </span>
  );
}
