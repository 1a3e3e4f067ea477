import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CheckIcon, CopyIcon, DownloadIcon, ShareIcon } from 'lucide-react';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { copyText } from '../../../lib/copy-text.ts';

/** The public address of a profile. */
export function profileUrl(username: string, origin: string = window.location.origin): string {
  return `${origin}/${username}`;
}

/** A share dialog with the profile's link (copy) and its QR code (docs/product-rules.md#public-profile). */
export function ShareDialog({
  name,
  username,
  open,
  onOpenChange,
}: {
  name: string;
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { toast } = useToast();
  const url = profileUrl(username);
  const [copied, setCopied] = useState(false);
  const [qrUrl, setQrUrl] = useState<string | null>(null);
  const onDrawn = useCallback((dataUrl: string) => setQrUrl(dataUrl), []);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  // 'Copied' goes back to 'Copy' after a moment; a dialog closed before then leaves no timer behind.
  const copiedTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(copiedTimer.current), []);

  const copy = async () => {
    if (await copyText(url)) {
      setCopied(true);
      window.clearTimeout(copiedTimer.current);
      copiedTimer.current = window.setTimeout(() => setCopied(false), 2000);
      toast({ title: 'Link copied' });
    } else {
      toast({ title: 'Oops!', description: 'The link could not be copied. Please select it and copy it yourself.', theme: 'error' });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share profile"
      description="Send the link to your clients, or let them scan the code."
    >
      <div className="flex flex-col items-center gap-5">
        <div className="rounded-2xl border border-zinc-200 bg-white p-3 shadow-xs">
          <QrCode value={url} label={`QR code for ${url}`} onDrawn={onDrawn} />
        </div>
        <div className="flex w-full flex-col gap-1.5">
          <label htmlFor="share-profile-url" className="text-sm font-medium text-zinc-800">
            Profile link
          </label>
          <div className="flex gap-2">
            <input
              id="share-profile-url"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border border-zinc-300 bg-zinc-50 px-3 text-[15px] text-zinc-800 outline-none focus:border-brand-500 focus:ring-3 focus:ring-brand-500/20 sm:text-sm"
            />
            <Button
              theme="secondary"
              onClick={() => void copy()}
              leadingIcon={copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
        <div className="flex w-full flex-wrap justify-center gap-2">
          {qrUrl && (
            <a
              href={qrUrl}
              download={`${username}-qr-code.svg`}
              className="inline-flex h-8 items-center gap-2 rounded-lg px-3 text-sm font-medium text-zinc-700 transition-colors hover:bg-zinc-100"
            >
              <DownloadIcon className="size-4" />
              Download QR code
            </a>
          )}
          {canShare && (
            <Button
              theme="ghost"
              size="s"
              leadingIcon={<ShareIcon className="size-4" />}
              onClick={() => void navigator.share({ title: name, url }).catch(() => undefined)}
            >
              More options
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
