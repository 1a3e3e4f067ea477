import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

export type AvatarSize = 'xs' | 's' | 'm' | 'l' | 'xl';

const sizes: Record<AvatarSize, string> = {
  xs: 'size-6 text-[10px]',
  s: 'size-8 text-xs',
  m: 'size-10 text-sm',
  l: 'size-14 text-lg',
  xl: 'size-20 text-2xl',
};

/** Soft background colours picked from the name, so initials avatars are told apart at a glance. */
const palette = [
  'bg-brand-100 text-brand-800',
  'bg-emerald-100 text-emerald-800',
  'bg-amber-100 text-amber-800',
  'bg-rose-100 text-rose-800',
  'bg-sky-100 text-sky-800',
  'bg-violet-100 text-violet-800',
  'bg-teal-100 text-teal-800',
];

export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const firstWord = words[0];
  if (firstWord === undefined) return '?';
  const lastWord = words.length > 1 ? words[words.length - 1] : undefined;
  const first = Array.from(firstWord)[0] ?? '';
  const last = lastWord === undefined ? '' : (Array.from(lastWord)[0] ?? '');
  return (first + last).toUpperCase();
}

function colourFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) | 0;
  // The remainder is always an index of the palette.
  return palette[Math.abs(hash) % palette.length] ?? '';
}

export interface AvatarProps {
  src?: string | null;
  name?: string | null;
  size?: AvatarSize;
  className?: string;
  /** Decorative when the name is shown next to it (the default); otherwise it is labelled with the name. */
  decorative?: boolean;
}

/** The user's picture, or their initials when there is none (or it fails to load). */
export function Avatar({ src, name, size = 'm', className, decorative = true }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const label = decorative ? undefined : (name ?? undefined);
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold ring-1 ring-black/5 select-none',
        sizes[size],
        !showImage && colourFor(name ?? ''),
        className,
      )}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {showImage ? (
        <img src={src ?? undefined} alt="" className="size-full object-cover" onError={() => setFailedSrc(src ?? null)} />
      ) : (
        initials(name)
      )}
    </span>
  );
}
