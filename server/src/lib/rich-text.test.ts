import { describe, expect, it } from 'vitest';
import { isEmptyRichText, sanitizeRichText } from './rich-text.ts';

describe('rich text sanitising', () => {
  it('keeps the editor formats', () => {
    const html =
      '<h2>Class</h2><p><strong>Bring</strong> <em>water</em></p><ul><li>Mat</li></ul><blockquote>Breathe</blockquote><pre><code>x</code></pre>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const out = sanitizeRichText(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript/);
    expect(out).toContain('<p>Hi</p>');
  });

  it.each([
    'http://a.example',
    'https://a.example',
    'ftp://a.example',
    'mailto:a@b.example',
    'tel:+34600',
    'sms:+34600',
    'xmpp:a@b.example',
    'callto:x',
    'cid:x',
    'ftps://a.example',
  ])('allows %s links and opens them safely', (href) => {
    expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe(`<a href="${href}" target="_blank" rel="noopener noreferrer nofollow">x</a>`);
  });

  it('drops links with other schemes', () => {
    expect(sanitizeRichText('<a href="data:text/html,x">x</a>')).toBe('<a target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });

  it('keeps YouTube embeds only', () => {
    expect(sanitizeRichText('<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>')).toContain(
      'youtube-nocookie.com/embed/abc',
    );
    expect(sanitizeRichText('<p>a</p><iframe src="https://evil.example/embed"></iframe>')).toBe('<p>a</p>');
  });

  it('treats blank text and an empty paragraph as empty', () => {
    expect(isEmptyRichText('')).toBe(true);
    expect(isEmptyRichText('<p></p>')).toBe(true);
    expect(isEmptyRichText('<p> </p>')).toBe(true);
    expect(isEmptyRichText('<p>Terms</p>')).toBe(false);
  });
});
