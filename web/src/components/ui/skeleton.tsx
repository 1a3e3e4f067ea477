import { cn } from '../../lib/cn.ts';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-shimmer rounded-lg bg-zinc-200/80', className)} />;
}
