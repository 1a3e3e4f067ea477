import { useEffect, useState } from 'react';
import { QR_ERROR_CORRECTION, QR_WIDTH } from '@slotted/contract';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from './skeleton.tsx';

export const QR_OPTIONS = {
  type: 'svg',
  errorCorrectionLevel: QR_ERROR_CORRECTION,
  width: QR_WIDTH,
  margin: 2,
  color: { dark: '#18181b', light: '#ffffff' },
} as const;

/**
 * The QR code of a text as an SVG data URL (error correction level Q, width 240:
 * docs/product-rules.md#shared-interface-pieces).
 */
export async function qrCodeDataUrl(value: string): Promise<string> {
  // Loaded when a code is first drawn: the pages that can show one (e.g. the public profile's share
  // dialog) do not carry the encoder on their first load.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(value, QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export interface QrCodeProps {
  value: string;
  /** Accessible name of the picture; defaults to 'QR code for {value}'. */
  label?: string;
  className?: string;
  /** Called with the picture's data URL once drawn (e.g. for a download link). */
  onDrawn?: (dataUrl: string) => void;
}

/**
 * A QR code drawn with the `qrcode` package. It is an SVG (sharp at any size and when printed),
 * shown at 240 × 240 CSS pixels.
 */
export function QrCode({ value, label, className, onDrawn }: QrCodeProps) {
  const [drawn, setDrawn] = useState<{ value: string; url: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    qrCodeDataUrl(value).then(
      (url) => {
        if (cancelled) return;
        setDrawn({ value, url });
        onDrawn?.(url);
      },
      (error: unknown) => {
        console.error('Could not draw the QR code', error);
        if (!cancelled) setFailed(value);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [value, onDrawn]);

  const size = { width: QR_WIDTH, height: QR_WIDTH };
  if (failed === value) {
    return (
      <div
        style={size}
        className={cn('flex items-center justify-center rounded-xl bg-zinc-50 p-6 text-center text-sm text-zinc-500', className)}
      >
        The QR code could not be drawn.
      </div>
    );
  }
  if (!drawn || drawn.value !== value) {
    return (
      <div style={size} className={cn('max-w-full', className)} role="img" aria-label="Drawing the QR code" aria-busy="true">
        <Skeleton className="size-full rounded-xl" />
      </div>
    );
  }
  return (
    <img
      src={drawn.url}
      {...size}
      alt={label ?? `QR code for ${value}`}
      data-qr-value={value}
      data-qr-level={QR_ERROR_CORRECTION}
      className={cn('max-w-full rounded-xl bg-white [image-rendering:pixelated]', className)}
    />
  );
}
