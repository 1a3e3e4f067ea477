/**
 * Rich text from the editor (bold, italic, links, lists, headings, blockquote, code, images,
 * video embeds) is sanitised here, on the server, before it is stored: what is stored is what is
 * rendered. Links only with the allowed schemes; video only from YouTube
 * (docs/product-rules.md#limits-and-validation).
 */
import sanitizeHtml from 'sanitize-html';

export const LINK_SCHEMES = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    's',
    'u',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'hr',
    'img',
    'iframe',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'title'],
    div: ['data-youtube-video'],
    ol: ['start'],
  },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com'],
  // An embed whose source was refused is removed whole rather than left as an empty frame.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * Terms count as empty when blank or an empty paragraph
 * (docs/product-rules.md#limits-and-validation).
 */
export function isEmptyRichText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: ['img', 'iframe'], allowedAttributes: false }).trim() === '';
}
