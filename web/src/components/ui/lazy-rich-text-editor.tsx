import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor.tsx';

const Editor = lazy(() => import('./rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })));

/**
 * The rich-text editor, loaded when a form first shows it: TipTap and ProseMirror are a large
 * download that only providers editing a description or their terms need.
 */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="h-44 animate-shimmer rounded-lg border border-zinc-200 bg-zinc-50" role="status" aria-label="Loading the editor" />
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
