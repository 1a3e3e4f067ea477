/** Small helpers around document.cookie (only for cookies the server makes readable, and our own). */

export function getCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      const raw = item.slice(prefix.length);
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

export interface CookieOptions {
  path?: string;
  maxAgeSeconds?: number;
  sameSite?: 'Lax' | 'Strict';
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const { path = '/', maxAgeSeconds, sameSite = 'Lax' } = options;
  let cookie = `${name}=${encodeURIComponent(value)}; path=${path}; SameSite=${sameSite}`;
  if (maxAgeSeconds !== undefined) cookie += `; max-age=${maxAgeSeconds}`;
  if (window.location.protocol === 'https:') cookie += '; Secure';
  document.cookie = cookie;
}

export function deleteCookie(name: string, path = '/'): void {
  document.cookie = `${name}=; path=${path}; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
