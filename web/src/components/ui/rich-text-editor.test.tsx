import '../../test/setup.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { Editor } from '@tiptap/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EDITOR_HISTORY, normaliseLinkInput, richTextExtensions, RichTextEditor } from './rich-text-editor.tsx';
import { isAllowedLinkUrl } from './rich-text-rules.ts';
import { youtubeVideoId } from './rich-text-youtube.ts';

// jsdom has no layout: ProseMirror scrolls the selection into view after a command.
const noRects = (): DOMRectList => ({ length: 0, item: () => null, [Symbol.iterator]: () => [][Symbol.iterator]() });
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Element.prototype.getClientRects ??= noRects;

let editors: Editor[] = [];
afterEach(() => {
  editors.forEach((e) => e.destroy());
  editors = [];
});

function editorWith(html: string): Editor {
  const editor = new Editor({ extensions: richTextExtensions(), content: html });
  editors.push(editor);
  return editor;
}

describe('rich text rules', () => {
  it('keeps undo history at depth 100 with a 500 ms group delay', () => {
    expect(EDITOR_HISTORY).toEqual({ depth: 100, newGroupDelay: 500 });
    const editor = editorWith('<p>x</p>');
    const undoRedo = editor.extensionManager.extensions.find((e) => e.name === 'undoRedo');
    expect(undoRedo?.options).toMatchObject({ depth: 100, newGroupDelay: 500 });
  });

  it('allows links only with the spec’s schemes', () => {
    for (const ok of [
      'http://a.example',
      'https://a.example',
      'ftp://a',
      'ftps://a',
      'mailto:a@b.example',
      'tel:+34600',
      'callto:x',
      'sms:+34',
      'cid:x',
      'xmpp:a@b',
    ]) {
      expect(isAllowedLinkUrl(ok)).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/relative', '#top', 'vbscript:x', 'file:///etc/passwd']) {
      expect(isAllowedLinkUrl(bad)).toBe(false);
    }
    expect(normaliseLinkInput('example.com/page')).toBe('https://example.com/page');
    expect(normaliseLinkInput('ana@example.com')).toBe('mailto:ana@example.com');
    expect(normaliseLinkInput('javascript:alert(1)')).toBeNull();
  });

  it('drops links with other schemes when reading HTML', () => {
    const editor = editorWith('<p><a href="javascript:alert(1)">bad</a> <a href="https://ok.example">good</a> <a href="/x">rel</a></p>');
    const html = editor.getHTML();
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('href="/x"');
    expect(html).toContain('href="https://ok.example"');
  });

  it('reads YouTube links in their usual forms', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://vimeo.com/123456')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/watch?v=<script>')).toBeNull();
  });

  it('stores videos as a no-cookie embed, and reads stored ones back', () => {
    const editor = editorWith(
      '<p>Intro</p><div data-youtube-video=""><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>',
    );
    const html = editor.getHTML();
    expect(html).toContain('<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(editorWith(html).getHTML()).toBe(html);
    expect(editorWith('<iframe src="https://evil.example/embed/x"></iframe>').getHTML()).not.toContain('iframe');
  });

  it('keeps headings 1–3, lists, quotes, code and images', () => {
    const source =
      '<h1>A</h1><h2>B</h2><h3>C</h3><ul><li><p>d</p></li></ul><ol><li><p>e</p></li></ol><blockquote><p>f</p></blockquote><pre><code>g</code></pre><p><strong>h</strong><em>i</em><u>j</u><code>k</code></p><img src="https://img.example/p.jpg" alt="P">';
    const html = editorWith(source).getHTML();
    for (const tag of [
      '<h1>',
      '<h2>',
      '<h3>',
      '<ul>',
      '<ol>',
      '<blockquote>',
      '<pre>',
      '<strong>',
      '<em>',
      '<u>',
      '<code>',
      '<img src="https://img.example/p.jpg" alt="P">',
    ]) {
      expect(html).toContain(tag);
    }
    expect(editorWith('<h4>D</h4>').getHTML()).toBe('<p>D</p>');
  });
});

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor aria-label="Description" value={value} onChange={setValue} />
      <output data-testid="html">{value}</output>
    </>
  );
}

describe('rich text editor', () => {
  it('has a labelled toolbar whose format buttons say whether they are on', async () => {
    render(<Harness initial="<p><strong>Bold</strong></p>" />);
    const toolbar = screen.getByRole('toolbar', { name: 'Description formatting' });
    for (const name of [
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Bold',
      'Italic',
      'Underline',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Inline code',
      'Code block',
      'Link',
      'Image',
      'YouTube video',
      'Undo',
      'Redo',
    ]) {
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(toolbar).getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(toolbar).getByRole('button', { name: 'Undo' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeTruthy();
  });

  it('inserts a YouTube video from a link typed into its dialog, refusing other links', async () => {
    const user = userEvent.setup();
    render(<Harness initial="<p>Intro</p>" />);
    await user.click(screen.getByRole('button', { name: 'YouTube video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert YouTube video' });
    const field = within(dialog).getByLabelText('YouTube link');
    await user.type(field, 'https://vimeo.com/1');
    await user.click(within(dialog).getByRole('button', { name: 'Insert video' }));
    expect(within(dialog).getByText('Paste a link to a YouTube video (youtube.com or youtu.be).')).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(within(dialog).getByRole('button', { name: 'Insert video' }));
    await waitFor(() => expect(screen.getByTestId('html').textContent).toContain('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'));
  });

  it('refuses a link with another scheme', async () => {
    const user = userEvent.setup();
    render(<Harness initial="<p>Intro</p>" />);
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link' });
    await user.type(within(dialog).getByLabelText('Link address'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Save link' }));
    expect(within(dialog).getByRole('textbox', { name: 'Link address' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('html').textContent).toBe('<p>Intro</p>');
  });

  it('follows a new value from outside', async () => {
    const { rerender } = render(<RichTextEditor aria-label="Terms" value="<p>One</p>" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Terms' }).textContent).toBe('One');
    rerender(<RichTextEditor aria-label="Terms" value="<p>Two</p>" onChange={() => {}} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Terms' }).textContent).toBe('Two'));
  });
});
