import { CheckIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/page.tsx';
import { cn } from '../../../lib/cn.ts';
import { RichTextView } from '../../../components/ui/rich-text-view.tsx';
import { formatMoney } from '../../../lib/format.ts';
import type { PublicPlan } from '../api/get-profile.ts';

function validFor(expiresIn: PublicPlan['expires_in']): string | null {
  const months = Number(expiresIn);
  if (!Number.isFinite(months) || months <= 0) return null;
  return months === 1 ? 'Valid for 1 month' : `Valid for ${months} months`;
}

export interface PlanPurchase {
  onBuy: () => void;
  buying: boolean;
  /** Another purchase is under way: this one waits. */
  disabled: boolean;
}

/**
 * A plan on the public profile (docs/product-rules.md#public-profile): cover, name, price,
 * interval, benefits and description, and the button that buys it (none on one's own profile).
 * `highlighted` marks the plan a visitor came back to after signing in.
 */
export function PlanCard({ plan, purchase, highlighted = false }: { plan: PublicPlan; purchase?: PlanPurchase; highlighted?: boolean }) {
  const recurring = plan.interval === 'month';
  const validity = recurring ? null : validFor(plan.expires_in);
  return (
    <article
      aria-current={highlighted || undefined}
      className={cn(
        'flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-xs',
        highlighted ? 'border-brand-500 ring-2 ring-brand-500' : 'border-zinc-200',
      )}
    >
      {plan.cover ? (
        <img src={plan.cover} alt="" className="aspect-[16/9] w-full bg-zinc-100 object-cover" loading="lazy" />
      ) : (
        <div aria-hidden="true" className="h-1.5 w-full bg-gradient-to-r from-brand-500 via-brand-400 to-teal-400" />
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-base font-semibold text-zinc-900">{plan.name}</h3>
          <Badge tone={recurring ? 'brand' : 'neutral'}>{recurring ? 'Membership' : 'One-time'}</Badge>
        </div>
        <p className="mt-2 flex items-baseline gap-1">
          <span className="text-2xl font-semibold tracking-tight tabular-nums text-zinc-900">{formatMoney(plan.price)}</span>
          <span className="text-sm text-zinc-500">{recurring ? '/month' : 'one-time'}</span>
        </p>
        {validity && <p className="mt-0.5 text-xs text-zinc-500">{validity}</p>}
        {plan.benefits.length > 0 && (
          <ul className="mt-4 flex flex-col gap-2" aria-label="Benefits">
            {plan.benefits.map((benefit, index) => (
              <li key={index} className="flex items-start gap-2 text-sm text-zinc-700">
                <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                  <CheckIcon className="size-3" strokeWidth={3} />
                </span>
                {benefit}
              </li>
            ))}
          </ul>
        )}
        <RichTextView html={plan.description} className="mt-4 border-t border-zinc-100 pt-4 text-zinc-600" />
        {purchase && (
          <div className="mt-auto pt-5">
            <Button
              fullWidth
              // The visitor came back to buy exactly this plan.
              autoFocus={highlighted}
              loading={purchase.buying}
              disabled={purchase.disabled}
              aria-label={`${recurring ? 'Get membership' : 'Buy pack'}: ${plan.name}`}
              onClick={purchase.onBuy}
            >
              {recurring ? 'Get membership' : 'Buy pack'}
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}
