import { useRef, type ReactNode } from 'react';
import { IMAGE_EXTENSIONS, IMAGE_TYPES } from '@slotted/contract';
import { Button } from './button.tsx';
import { TrashIcon, UploadIcon } from 'lucide-react';
import { useToast } from './toast.tsx';

/**
 * The `accept` attribute for images: webp, jpg, jpeg, png
 * (docs/product-rules.md#limits-and-validation).
 */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, ...IMAGE_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

export function imageTooBigMessage(maxBytes: number): string {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return `That image is too big—max size is ${mb} MB.`;
}

function isAcceptedImage(file: File): boolean {
  if ((IMAGE_TYPES as readonly string[]).includes(file.type)) return true;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return !file.type && (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

export interface ImagePickerProps {
  /** Names the buttons, e.g. 'avatar' → 'Upload avatar'. */
  label: string;
  maxBytes: number;
  hasImage: boolean;
  onPick: (file: File) => void;
  /** Offers 'Remove' while there is an image; without it the image can only be changed. */
  onRemove?: () => void;
  /** The preview (avatar or cover), rendered by the caller. */
  preview: ReactNode;
  id?: string;
  invalid?: boolean;
  describedBy?: string;
  layout?: 'row' | 'stack';
}

/**
 * Pick an image with a preview and a remove button. A file over the limit shows the oversize toast
 * ('Oops!' / 'That image is too big—max size is N MB.') and the pick is cleared
 * (docs/product-rules.md#limits-and-validation).
 */
export function ImagePicker({
  label,
  maxBytes,
  hasImage,
  onPick,
  onRemove,
  preview,
  id,
  invalid,
  describedBy,
  layout = 'row',
}: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { toast } = useToast();

  return (
    <div className={layout === 'row' ? 'flex items-center gap-4' : 'flex flex-col gap-3'}>
      {preview}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid={`${label}-file`}
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            if (!file) return;
            if (!isAcceptedImage(file)) {
              toast({ title: 'Oops!', description: 'Please choose a WebP, JPG or PNG image.', theme: 'error' });
            } else if (file.size > maxBytes) {
              toast({ title: 'Oops!', description: imageTooBigMessage(maxBytes), theme: 'error' });
            } else {
              onPick(file);
            }
            input.value = '';
          }}
        />
        <Button
          id={id}
          theme="white"
          size="s"
          leadingIcon={<UploadIcon className="size-4" />}
          onClick={() => inputRef.current?.click()}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        >
          {hasImage ? `Change ${label}` : `Upload ${label}`}
        </Button>
        {hasImage && onRemove && (
          <Button theme="ghost" size="s" leadingIcon={<TrashIcon className="size-4" />} onClick={onRemove}>
            Remove
          </Button>
        )}
      </div>
    </div>
  );
}
