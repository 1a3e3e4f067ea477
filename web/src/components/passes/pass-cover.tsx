import { cn } from '../../lib/cn.ts';

/** A plan's or service's cover (16:9), or the brand's gradient when it has none. */
export function PassCover({ src, className }: { src: string | null; className?: string }) {
  if (src) return <img src={src} alt="" className={cn('aspect-[16/9] w-full bg-zinc-100 object-cover', className)} loading="lazy" />;
  return (
    <div
      aria-hidden="true"
      className={cn(
        'aspect-[16/9] w-full bg-gradient-to-br from-brand-700 via-brand-500 to-teal-400 bg-[length:100%_100%]',
        'relative overflow-hidden after:absolute after:inset-0 after:bg-[radial-gradient(circle_at_80%_20%,rgba(255,255,255,0.25),transparent_45%)]',
        className,
      )}
    />
  );
}
