import { useMemo, type ReactNode } from 'react';
import DOMPurify from 'dompurify';
import { cn } from '../../lib/cn.ts';
import { isRichTextEmpty } from '../../lib/rich-text-plain.ts';
import { proseClasses } from './rich-text-prose.ts';

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
