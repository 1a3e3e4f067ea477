/**
 * Plain text of rich text (for previews and labels): blocks become one running text, list items
 * joined with ' · ', so a clamped preview cuts mid-text ('…') rather than after a paragraph's
 * full stop ('….'). The text is read from an inert document (DOMParser: no script runs, nothing
 * loads) without DOMPurify, so a page that shows only previews does not download it
 * (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md); what never shows as text (scripts, styles,
 * embeds) is dropped first.
 */
export function richTextToPlain(html: string | null | undefined): string {
  if (!html || typeof DOMParser === 'undefined') return '';
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const hidden of body.querySelectorAll(
    'script, style, template, noscript, iframe, object, embed, svg, math, title, textarea, select',
  ))
    hidden.remove();
  for (const item of body.querySelectorAll('li:not(:last-child)')) item.append(' · ');
  for (const block of body.querySelectorAll('p, li, h1, h2, h3, blockquote, br')) block.after(' ');
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
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
