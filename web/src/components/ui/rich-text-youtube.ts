import { Node } from '@tiptap/react';
import { YOUTUBE_EMBED_PREFIX, YOUTUBE_IFRAME_ALLOW } from './rich-text-rules.ts';

const VIDEO_ID = /^[\w-]{6,20}$/;

/**
 * The video id of a YouTube link in any of its usual forms (watch?v=, youtu.be/, embed/, shorts/,
 * live/, the no-cookie player), or null when it is not one.
 */
export function youtubeVideoId(url: string | null | undefined): string | null {
  const text = (url ?? '').trim();
  if (!text) return null;
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') {
    id = parsed.pathname.split('/')[1] ?? null;
  } else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parsed.pathname === '/watch') id = parsed.searchParams.get('v');
    else id = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(parsed.pathname)?.[1] ?? null;
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

export const youtubeEmbedUrl = (videoId: string) => `${YOUTUBE_EMBED_PREFIX}${videoId}`;

/**
 * A YouTube video block (our own node: @tiptap/extension-youtube does not fit the installed TipTap).
 * Stored as `<div data-youtube-video><iframe src="https://www.youtube-nocookie.com/embed/ID">`;
 * any YouTube iframe read back is rewritten to the no-cookie player.
 */
export const YouTubeEmbed = Node.create({
  name: 'youtube',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      videoId: {
        default: null,
        parseHTML: (element) =>
          youtubeVideoId(element.tagName === 'IFRAME' ? element.getAttribute('src') : element.querySelector('iframe')?.getAttribute('src')),
        renderHTML: () => ({}),
      },
    };
  },

  parseHTML() {
    const hasVideo = (element: HTMLElement) => {
      const src = element.tagName === 'IFRAME' ? element.getAttribute('src') : element.querySelector('iframe')?.getAttribute('src');
      return youtubeVideoId(src) ? null : false;
    };
    return [
      { tag: 'div[data-youtube-video]', getAttrs: hasVideo },
      { tag: 'iframe[src]', getAttrs: hasVideo },
    ];
  },

  renderHTML({ node }) {
    return [
      'div',
      { 'data-youtube-video': '' },
      [
        'iframe',
        {
          src: youtubeEmbedUrl(String(node.attrs.videoId)),
          width: '640',
          height: '360',
          title: 'YouTube video',
          frameborder: '0',
          allow: YOUTUBE_IFRAME_ALLOW,
          allowfullscreen: 'true',
          referrerpolicy: 'strict-origin-when-cross-origin',
        },
      ],
    ];
  },
});
