import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The card brands pay now takes (spec: payment-card brand logos), drawn inline: no image is
 * fetched from elsewhere.
 */
export function CardBrands() {
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label="Visa, Mastercard, American Express">
      <Badge className="bg-[#1a1f71] text-white">
        <span className="text-[8px] font-black tracking-wide italic">VISA</span>
      </Badge>
      <Badge className="bg-zinc-900">
        <svg viewBox="0 0 20 12" className="h-3 w-5" aria-hidden="true">
          <circle cx="7" cy="6" r="5.5" fill="#eb001b" />
          <circle cx="13" cy="6" r="5.5" fill="#f79e1b" />
          <path d="M10 1.5a5.5 5.5 0 0 1 0 9 5.5 5.5 0 0 1 0-9z" fill="#ff5f00" />
        </svg>
      </Badge>
      <Badge className="bg-[#2e77bc] text-white">
        <span className="text-[7px] font-bold tracking-tight">AMEX</span>
      </Badge>
    </span>
  );
}

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span aria-hidden="true" className={cn('inline-flex h-4 w-7 items-center justify-center rounded-[3px]', className)}>
      {children}
    </span>
  );
}
