import { lazy, Suspense } from 'react';
import { cn } from '../../lib/cn.ts';
import { richTextToPlain } from '../../lib/rich-text-plain.ts';
import type { RichTextViewProps } from './rich-text-view.tsx';
import { proseClasses } from './rich-text-prose.ts';

const View = lazy(() => import('./rich-text-view.tsx').then((m) => ({ default: m.RichTextView })));

/**
 * Rich text on public pages: DOMPurify loads after the page's first paint, and until then the
 * text shows as plain text in the same place and type, so nothing jumps or disappears
 * (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md).
 */
export function LazyRichTextView(props: RichTextViewProps) {
  const plain = richTextToPlain(props.html);
  return (
    <Suspense fallback={plain ? <p className={cn(proseClasses, props.className)}>{plain}</p> : props.fallback}>
      <View {...props} />
    </Suspense>
  );
}
