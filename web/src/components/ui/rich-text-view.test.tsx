import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { richTextToPlain } from '../../lib/rich-text-plain.ts';

describe('richTextToPlain', () => {
  it('runs paragraphs and list items together as one readable text, for a preview that is cut with one ellipsis', () => {
    const html =
      '<p>A dynamic practice. <strong>All levels</strong> — options offered throughout.</p><ul><li>Mats provided</li><li>Showers available</li></ul>';
    expect(richTextToPlain(html)).toBe('A dynamic practice. All levels — options offered throughout. Mats provided · Showers available');
  });

  it('drops what sanitising removes, and is empty for nothing', () => {
    expect(richTextToPlain('<p>Hi<script>alert(1)</script></p>')).toBe('Hi');
    expect(richTextToPlain(null)).toBe('');
  });
});
