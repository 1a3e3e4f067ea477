import { useMemo, type ReactNode } from 'react';
import DOMPurify from 'dompurify';
import { cn } from '../../lib/cn.ts';

/**
 * Links in rich text only for http, https, ftp, ftps, mailto, tel, callto, sms, cid and
 * xmpp. Relative URLs and anchors stay allowed (DOMPurify's default shape, minus other schemes;
 * docs/product-rules.md#limits-and-validation).
 */
const ALLOWED_URI = /^(?:(?:(?:f|ht)tps?|mailto|tel|callto|sms|cid|xmpp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
/**
 * Video embeds (docs/product-rules.md#limits-and-validation) are kept only from YouTube's embed
 * player.
 */
const VIDEO_EMBED = /^https:\/\/(?:www\.)?(?:youtube\.com|youtube-nocookie\.com)\/embed\/[\w-]+(?:\?[\w=&%.-]*)?$/;

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** A private DOMPurify instance, so its hooks never affect anyone else's use of the library. */
function getPurifier(): ReturnType<typeof DOMPurify> | null {
  if (purifier) return purifier;
  if (typeof window === 'undefined') return null;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && (node as Element).hasAttribute('href')) {
      // The text comes from someone else: open it away from the app, without handing it our window.
      (node as Element).setAttribute('target', '_blank');
      (node as Element).setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (node.nodeName === 'IFRAME') {
      if (!VIDEO_EMBED.test((node as Element).getAttribute('src') ?? '')) {
        node.parentNode?.removeChild(node);
        return;
      }
      (node as Element).setAttribute('loading', 'lazy');
      (node as Element).setAttribute('allowfullscreen', '');
      (node as Element).setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    }
  });
  purifier = instance;
  return purifier;
}

/**
 * Sanitised HTML for display (the server sanitises too; this is defence in depth,
 * docs/product-rules.md#limits-and-validation).
 */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  const instance = getPurifier();
  if (!instance) return '';
  return instance.sanitize(html, {
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['target', 'allow', 'allowfullscreen', 'frameborder'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

/**
 * Terms (and any rich text) count as empty when blank or an empty paragraph
 * (docs/product-rules.md#limits-and-validation).
 */
export function isRichTextEmpty(html: string | null | undefined): boolean {
  if (!html) return true;
  const compact = html.replace(/\s|&nbsp;/g, '');
  return compact === '' || /^(<p>(<br\/?>)?<\/p>)+$/i.test(compact);
}

const proseClasses = cn(
  'text-sm leading-relaxed text-zinc-700 break-words',
  '[&_p]:my-2 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0',
  '[&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-lg [&_h1]:font-semibold [&_h1]:text-zinc-900',
  '[&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-zinc-900',
  '[&_h3]:mt-3 [&_h3]:mb-1.5 [&_h3]:text-sm [&_h3]:font-semibold [&_h3]:text-zinc-900',
  '[&_h1:first-child]:mt-0 [&_h2:first-child]:mt-0 [&_h3:first-child]:mt-0',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-0.5',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-800',
  '[&_blockquote]:my-3 [&_blockquote]:border-l-2 [&_blockquote]:border-zinc-300 [&_blockquote]:pl-3 [&_blockquote]:text-zinc-600 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em]',
  '[&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-zinc-900 [&_pre]:p-3 [&_pre]:text-zinc-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_iframe]:my-3 [&_iframe]:aspect-video [&_iframe]:h-auto [&_iframe]:w-full [&_iframe]:rounded-lg',
  '[&_strong]:font-semibold [&_strong]:text-zinc-900 [&_hr]:my-4 [&_hr]:border-zinc-200',
);

export interface RichTextViewProps {
  html: string | null | undefined;
  className?: string;
  /** Shown when the text is empty; nothing by default. */
  fallback?: ReactNode;
}

/** Shows rich text (descriptions, bios, terms) after sanitising it with DOMPurify. */
export function RichTextView({ html, className, fallback = null }: RichTextViewProps) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  if (isRichTextEmpty(clean)) return <>{fallback}</>;
  return <div className={cn(proseClasses, className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
