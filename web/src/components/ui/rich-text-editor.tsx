import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { Image } from '@tiptap/extension-image';
import { Dialog as RadixDialog, Toolbar } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import {
  CodeIcon,
  Heading1Icon,
  Heading2Icon,
  Heading3Icon,
  ImageIcon,
  ItalicIcon,
  LetterBIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  QuoteIcon,
  Redo2Icon,
  SquareCodeIcon,
  SquarePlayIcon,
  UnderlineIcon,
  Undo2Icon,
  XIcon,
} from 'lucide-react';
import { Button } from './button.tsx';
import { Field, Input, useFieldControl } from './field.tsx';
import { editorContentClasses, isAllowedLinkUrl, RICH_TEXT_LINK_SCHEMES } from './rich-text-rules.ts';
import { YouTubeEmbed, youtubeVideoId } from './rich-text-youtube.ts';

/** Undo history depth 100, group delay 500 ms (docs/product-rules.md#shared-interface-pieces). */
export const EDITOR_HISTORY = { depth: 100, newGroupDelay: 500 } as const;

/** The editor's extensions: StarterKit (headings 1–3, marks, lists, quote, code, link), images by URL, YouTube. */
export function richTextExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      undoRedo: EDITOR_HISTORY,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // linkify knows http(s), ftp and mailto already; the others are taught here so they autolink too.
        protocols: RICH_TEXT_LINK_SCHEMES.filter((s) => !['http', 'https', 'ftp', 'mailto'].includes(s)).map((scheme) => ({
          scheme,
          optionalSlashes: true,
        })),
        // Only these schemes, not even relative links
        // (docs/product-rules.md#limits-and-validation).
        isAllowedUri: (url) => isAllowedLinkUrl(url),
        shouldAutoLink: (url) => isAllowedLinkUrl(url),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
      },
    }),
    Image.configure({ inline: false, allowBase64: false }),
    YouTubeEmbed,
  ];
}

/** What the link box accepts: a full link, or a bare address/e-mail that gets https:// or mailto:. */
export function normaliseLinkInput(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return isAllowedLinkUrl(text) ? text : null;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(text)) return `mailto:${text}`;
  if (/^[^\s/]+\.[^\s/]+/.test(text) && !/\s/.test(text)) return `https://${text.replace(/^\/\//, '')}`;
  return null;
}

type PromptKind = 'link' | 'image' | 'video';

export interface RichTextEditorProps {
  /** HTML; '' for empty. */
  value: string;
  onChange: (html: string) => void;
  /** Names the text area for screen readers (a contenteditable cannot be tied to a <label>). */
  'aria-label': string;
  placeholder?: string;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  className?: string;
}

/**
 * The rich-text editor of descriptions and terms (TipTap 3;
 * docs/product-rules.md#limits-and-validation): headings, bold, italic, underline, lists, quote,
 * code, links, images by URL and YouTube videos, with an accessible toolbar (one tab stop, arrow
 * keys, pressed states). Controlled by HTML; empty is ''.
 */
export function RichTextEditor({ value, onChange, placeholder, className, ...props }: RichTextEditorProps) {
  const field = useFieldControl();
  const id = props.id ?? field.id;
  const describedBy = props['aria-describedby'] ?? field['aria-describedby'];
  const invalid = Boolean(props['aria-invalid'] ?? field['aria-invalid']);
  const label = props['aria-label'];

  const onChangeRef = useRef(onChange);
  const lastHtml = useRef(value);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    extensions: richTextExtensions(),
    content: value,
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      lastHtml.current = html;
      onChangeRef.current(html);
    },
  });

  // A new value from outside (a form reset, another item opened) replaces the content.
  useEffect(() => {
    if (value === lastHtml.current) return;
    lastHtml.current = value;
    editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  // The editable area is the control: it carries the field's name, description and state.
  useEffect(() => {
    const attributes: Record<string, string> = {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': label,
      class: cn(editorContentClasses, 'min-h-32 px-3 py-2.5 outline-none'),
    };
    if (id) attributes.id = id;
    if (describedBy) attributes['aria-describedby'] = describedBy;
    if (invalid) attributes['aria-invalid'] = 'true';
    editor.setOptions({ editorProps: { attributes } });
  }, [editor, id, label, describedBy, invalid]);

  const [prompt, setPrompt] = useState<PromptKind | null>(null);

  const empty = useEditorState({ editor, selector: ({ editor: current }) => current.isEmpty });

  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-lg border bg-white shadow-xs transition-colors',
        'focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/20',
        invalid ? 'border-red-500 focus-within:ring-red-500/20' : 'border-zinc-300 hover:border-zinc-400',
        // Video frames would swallow clicks: in the editor a click selects the block instead.
        '[&_iframe]:pointer-events-none [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-brand-500',
        className,
      )}
    >
      <EditorToolbar editor={editor} label={`${label} formatting`} onPrompt={setPrompt} />
      <div className="relative">
        {empty && placeholder && (
          <p aria-hidden="true" className="pointer-events-none absolute top-2.5 left-3 text-[15px] text-zinc-400 sm:text-sm">
            {placeholder}
          </p>
        )}
        <EditorContent editor={editor} />
      </div>
      <InsertDialog editor={editor} kind={prompt} onClose={() => setPrompt(null)} />
    </div>
  );
}

function EditorToolbar({ editor, label, onPrompt }: { editor: Editor; label: string; onPrompt: (kind: PromptKind) => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      code: e.isActive('code'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <Toolbar.Root aria-label={label} className="flex flex-wrap items-center gap-0.5 border-b border-zinc-200 bg-zinc-50/80 px-1.5 py-1">
      <ToolButton label="Heading 1" pressed={state.h1} onClick={() => chain().toggleHeading({ level: 1 }).run()}>
        <Heading1Icon />
      </ToolButton>
      <ToolButton label="Heading 2" pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Heading2Icon />
      </ToolButton>
      <ToolButton label="Heading 3" pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Heading3Icon />
      </ToolButton>
      <Separator />
      <ToolButton label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <LetterBIcon />
      </ToolButton>
      <ToolButton label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <ItalicIcon />
      </ToolButton>
      <ToolButton label="Underline" pressed={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <UnderlineIcon />
      </ToolButton>
      <ToolButton label="Inline code" pressed={state.code} onClick={() => chain().toggleCode().run()}>
        <CodeIcon />
      </ToolButton>
      <Separator />
      <ToolButton label="Bulleted list" pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <ListIcon />
      </ToolButton>
      <ToolButton label="Numbered list" pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrderedIcon />
      </ToolButton>
      <ToolButton label="Quote" pressed={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
        <QuoteIcon />
      </ToolButton>
      <ToolButton label="Code block" pressed={state.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
        <SquareCodeIcon />
      </ToolButton>
      <Separator />
      <ToolButton label="Link" pressed={state.link} onClick={() => onPrompt('link')}>
        <LinkIcon />
      </ToolButton>
      <ToolButton label="Image" onClick={() => onPrompt('image')}>
        <ImageIcon />
      </ToolButton>
      <ToolButton label="YouTube video" onClick={() => onPrompt('video')}>
        <SquarePlayIcon />
      </ToolButton>
      <Separator />
      <ToolButton label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo2Icon />
      </ToolButton>
      <ToolButton label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo2Icon />
      </ToolButton>
    </Toolbar.Root>
  );
}

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  /** Toggles (formats) say whether they are on; actions (insert, undo) leave it undefined. */
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Toolbar.Button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the editor's selection: the command runs on it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-zinc-600 transition-colors [&_svg]:size-4',
        'hover:bg-zinc-200/70 hover:text-zinc-900 disabled:pointer-events-none disabled:opacity-40',
        'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500',
        pressed && 'bg-brand-100 text-brand-800 hover:bg-brand-100 hover:text-brand-800',
      )}
    >
      {children}
    </Toolbar.Button>
  );
}

function Separator() {
  // Hidden on phones, where the toolbar wraps and a line could end on a separator.
  return <Toolbar.Separator className="mx-1 h-5 w-px bg-zinc-200 max-sm:hidden" />;
}

const PROMPTS: Record<PromptKind, { title: string; field: string; placeholder: string; submit: string }> = {
  link: { title: 'Link', field: 'Link address', placeholder: 'https://example.com', submit: 'Save link' },
  image: { title: 'Insert image', field: 'Image address', placeholder: 'https://example.com/picture.jpg', submit: 'Insert image' },
  video: { title: 'Insert YouTube video', field: 'YouTube link', placeholder: 'https://www.youtube.com/watch?v=…', submit: 'Insert video' },
};

/** The small dialog that asks for a link, an image or a video address. */
function InsertDialog({ editor, kind, onClose }: { editor: Editor; kind: PromptKind | null; onClose: () => void }) {
  const [last, setLast] = useState<PromptKind>('link');
  if (kind && kind !== last) setLast(kind);
  const prompt = PROMPTS[kind ?? last];
  // Like ui/dialog.tsx, but closing puts the focus back in the text (at the edit), not on the toolbar.
  return (
    <RadixDialog.Root open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!editor.isDestroyed) editor.commands.focus();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col',
            'overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-black/5 focus:outline-none',
            'data-[state=open]:animate-dialog-in data-[state=closed]:animate-fade-out',
          )}
        >
          <div className="mb-4 flex items-start gap-4">
            <RadixDialog.Title className="min-w-0 flex-1 text-lg font-semibold text-zinc-900">{prompt.title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="-mt-1 -mr-2 rounded-lg p-1.5 text-zinc-400 transition-colors hover:bg-zinc-100 hover:text-zinc-700"
            >
              <XIcon className="size-5" />
            </RadixDialog.Close>
          </div>
          {kind && <InsertForm key={kind} editor={editor} kind={kind} onClose={onClose} />}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function InsertForm({ editor, kind, onClose }: { editor: Editor; kind: PromptKind; onClose: () => void }) {
  const prompt = PROMPTS[kind];
  const ids = useId();
  const existingLink = kind === 'link' ? ((editor.getAttributes('link').href as string | undefined) ?? '') : '';
  const [url, setUrl] = useState(existingLink);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // the editor may sit inside another form
    if (kind === 'link') {
      if (!url.trim()) {
        editor.chain().focus().extendMarkRange('link').unsetLink().run();
        onClose();
        return;
      }
      const href = normaliseLinkInput(url);
      if (!href) {
        setError('Enter a web address (https://…), an e-mail address, or a mailto:, tel:, sms:, ftp: or xmpp: link.');
        return;
      }
      const { empty } = editor.state.selection;
      if (empty && !editor.isActive('link')) {
        const text = href.replace(/^mailto:/, '');
        editor
          .chain()
          .focus()
          .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
          .unsetMark('link')
          .run();
      } else {
        editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
        // Carry on after the link (not over the linked words, and not inside the link).
        editor.chain().setTextSelection(editor.state.selection.to).unsetMark('link').run();
      }
    } else if (kind === 'image') {
      const src = url.trim();
      if (!/^https?:\/\/\S+$/i.test(src)) {
        setError('Enter the image’s web address, starting with https://.');
        return;
      }
      editor
        .chain()
        .focus()
        .setImage({ src, alt: alt.trim() || undefined })
        .run();
    } else {
      const videoId = youtubeVideoId(url);
      if (!videoId) {
        setError('Paste a link to a YouTube video (youtube.com or youtu.be).');
        return;
      }
      editor.chain().focus().insertContent({ type: 'youtube', attrs: { videoId } }).run();
    }
    onClose();
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label={prompt.field} error={error} id={`${ids}-url`}>
        <Input
          type="url"
          inputMode="url"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder={prompt.placeholder}
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(null);
          }}
        />
      </Field>
      {kind === 'image' && (
        <Field label="Description" aside="Optional" hint="Describes the image to people who can’t see it." id={`${ids}-alt`}>
          <Input value={alt} onChange={(event) => setAlt(event.target.value)} />
        </Field>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {kind === 'link' && existingLink && (
          <Button
            theme="ghost"
            className="sm:mr-auto"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            Remove link
          </Button>
        )}
        <Button theme="white" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">{prompt.submit}</Button>
      </div>
    </form>
  );
}
