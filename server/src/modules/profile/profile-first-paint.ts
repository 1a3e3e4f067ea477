/**
 * The public profile's first paint, sent in the page's HTML (issue 13): on a slow phone the app's
 * JavaScript takes seconds to arrive, so the server writes the studio's name, bio and services as
 * plain HTML into the page, and the profile's API answer beside it for the app to start from
 * (web/src/lib/api-client.ts takes it instead of asking again). The app replaces the HTML when it
 * starts. docs/decisions/0011-public-profile-first-paint-from-the-server.md.
 */
import { RESERVED_USERNAMES, euroText, type PublicProfile } from '@slotted/contract';
import { escapeHtml } from '../../lib/html.ts';
import type { FirstPaint } from '../../plugins/spa.ts';
import type { profileService } from './profile.service.ts';

const PROFILE_PATH = /^\/([A-Za-z0-9_-]{3,30})\/?(?:\?.*)?$/;

/** The page's first paint for `/{username}`; null for any other path or an unknown provider. */
export function profileFirstPaint(profile: ReturnType<typeof profileService>) {
  return async (url: string, viewerId: string | null): Promise<FirstPaint | null> => {
    const username = PROFILE_PATH.exec(url)?.[1];
    if (!username || (RESERVED_USERNAMES as readonly string[]).includes(username.toLowerCase())) return null;
    let data: PublicProfile;
    try {
      data = await profile.byUsername(username, viewerId);
    } catch {
      return null; // an unknown provider: the app shows 'Page not found' as for any other path
    }
    return {
      title: `${data.name} · Slotted`,
      html: previewHtml(data),
      answers: { [`/api/profile/${encodeURIComponent(username)}`]: { data } },
    };
  };
}

/** Plain, readable HTML with the profile's words; styled inline, as the app's classes are not meant for it. */
function previewHtml(p: PublicProfile): string {
  const services = p.services
    .map(
      (s) =>
        `<li style="padding:12px 0;border-top:1px solid #e4e4e7"><strong>${escapeHtml(s.name)}</strong> <span style="color:#52525b">· ${euroText(Number(s.price))}</span></li>`,
    )
    .join('');
  return (
    `<main style="max-width:64rem;margin:0 auto;padding:24px 16px;font-family:system-ui,sans-serif;color:#18181b">` +
    `<h1 style="font-size:1.75rem;font-weight:700;margin:0 0 8px">${escapeHtml(p.name)}</h1>` +
    (p.bio ? `<p style="color:#3f3f46;line-height:1.6;margin:0 0 16px">${escapeHtml(p.bio)}</p>` : '') +
    (services ? `<ul style="list-style:none;padding:0;margin:0">${services}</ul>` : '') +
    `</main>`
  );
}
