import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useRevealFirstError } from '../../../lib/use-reveal-first-error.ts';
import { AVATAR_MAX_BYTES, PROFILE_COVER_MAX_BYTES, updateMeFields, type Me } from '@slotted/contract';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { FacebookIcon, GoogleIcon, ImageIcon, MailIcon } from '../../../components/ui/icons.tsx';
import { DocumentTitle, Page, PageHeader } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { TabLinks } from '../../../components/ui/tabs.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { browserTimeZone } from '../../../lib/format.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useUpdateMe } from '../api/update-me.ts';
import { ImagePicker } from '../components/image-picker.tsx';
import { TimeZoneSelect } from '../components/time-zone-select.tsx';

/** Settings tabs (spec §2): Account, and Payments for providers once that page exists. */
export const SETTINGS_TABS = [{ label: 'Account', to: '/settings/account' }];

/** /settings/account (spec §2 Settings, §3 "Current user / profile"). */
export function AccountSettingsPage() {
  const { data: me, isPending } = useMe();
  return (
    <Page>
      <DocumentTitle title="Account settings" />
      <PageHeader title="Settings" />
      <TabLinks label="Settings" tabs={SETTINGS_TABS} className="mb-8" />
      {isPending || !me ? <AccountSkeleton /> : <AccountForm me={me} />}
    </Page>
  );
}

type ErrorKey =
  | 'avatar_upload'
  | 'cover_upload'
  | 'email'
  | 'name'
  | 'phone'
  | 'bio'
  | 'username'
  | 'timezone'
  | 'is_provider';

interface PickedImage {
  file: File;
  url: string;
}

const SIGN_IN_METHODS: Record<Me['sign_in_methods'][number], { label: string; icon: ReactNode }> = {
  email: { label: 'E-mail link', icon: <MailIcon className="size-4 text-zinc-500" /> },
  google: { label: 'Google', icon: <GoogleIcon className="size-4" /> },
  facebook: { label: 'Facebook', icon: <FacebookIcon className="size-4" /> },
};

function AccountForm({ me }: { me: Me }) {
  const { toast } = useToast();
  const update = useUpdateMe();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();

  const [name, setName] = useState(me.name);
  const [phone, setPhone] = useState(me.phone ?? '');
  const [timezone, setTimezone] = useState(me.timezone || browserTimeZone());
  const [isProvider, setIsProvider] = useState(me.is_provider);
  const [bio, setBio] = useState(me.bio ?? '');
  const [username, setUsername] = useState(me.username ?? '');
  const [avatar, setAvatar] = useState<PickedImage | null>(null);
  const [cover, setCover] = useState<PickedImage | null>(null);
  const [removeAvatar, setRemoveAvatar] = useState(false);
  const [removeCover, setRemoveCover] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>({});
  const revealFirstError = useRevealFirstError(formRef);

  // Free the previews' object URLs when they are replaced or the page goes away.
  const previews = useRef<string[]>([]);
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const picked = (file: File): PickedImage => {
    const url = URL.createObjectURL(file);
    previews.current.push(url);
    return { file, url };
  };


  const showErrors = (next: Partial<Record<ErrorKey, string>>) => {
    setErrors(next);
    revealFirstError();
  };

  const avatarUrl = avatar?.url ?? (removeAvatar ? null : me.avatar);
  const coverUrl = cover?.url ?? (removeCover ? null : me.cover);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      name,
      phone: phone.trim(),
      timezone,
      is_provider: isProvider ? '1' : '0',
      ...(isProvider ? { bio, username: username.trim() } : {}),
    } as const;
    const parsed = updateMeFields.safeParse(fields);
    if (!parsed.success) {
      const next: Partial<Record<ErrorKey, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as ErrorKey;
        next[key] ??= issue.message;
      }
      showErrors(next);
      return;
    }
    setErrors({});
    update.mutate(
      {
        name: parsed.data.name,
        phone: parsed.data.phone ?? '',
        timezone,
        is_provider: isProvider,
        ...(isProvider ? { bio: parsed.data.bio ?? '', username: parsed.data.username ?? '' } : {}),
        avatar_upload: avatar?.file ?? null,
        remove_avatar: removeAvatar && !avatar,
        ...(isProvider ? { cover_upload: cover?.file ?? null, remove_cover: removeCover && !cover } : {}),
      },
      {
        onSuccess: (saved) => {
          setAvatar(null);
          setCover(null);
          setRemoveAvatar(false);
          setRemoveCover(false);
          setName(saved.name);
          setPhone(saved.phone ?? '');
          setUsername(saved.username ?? '');
          setBio(saved.bio ?? '');
          setIsProvider(saved.is_provider);
          toast({ title: 'Profile updated' });
        },
        onError: (error) => {
          if (isApiError(error, 422)) {
            const next = error.fieldErrors() as Partial<Record<ErrorKey, string>>;
            const known: ErrorKey[] = ['avatar_upload', 'cover_upload', 'email', 'name', 'phone', 'bio', 'username', 'timezone', 'is_provider'];
            if (!known.some((key) => next[key])) toast({ title: 'Oops!', description: error.message, theme: 'error' });
            showErrors(next);
          } else if (isApiError(error, 401)) {
            // Signed out meanwhile: the app is already on its way to /login.
          } else {
            toast({ title: 'Oops!', description: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE, theme: 'error' });
          }
        },
      },
    );
  };

  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-6">
      <Section title="Profile" description="How you appear to providers and clients.">
        <FieldRow label="Photo" error={errors.avatar_upload} id={`${ids}-avatar`} hint="WebP, JPG or PNG, up to 1 MB.">
          {(control) => (
            <ImagePicker
              label="photo"
              maxBytes={AVATAR_MAX_BYTES}
              hasImage={Boolean(avatarUrl)}
              onPick={(file) => {
                setAvatar(picked(file));
                setRemoveAvatar(false);
              }}
              onRemove={() => {
                setAvatar(null);
                setRemoveAvatar(true);
              }}
              preview={<Avatar src={avatarUrl} name={name || me.name} size="l" />}
              {...control}
            />
          )}
        </FieldRow>
        <Field label="Name" error={errors.name}>
          <Input name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="E-mail" error={errors.email} hint="Your e-mail address can’t be changed.">
          <Input type="email" name="email" value={me.email} disabled readOnly />
        </Field>
        <Field label="Phone" error={errors.phone} aside="Optional">
          <Input
            type="tel"
            name="phone"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+34 600 000 000"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        </Field>
        <Field label="Time zone" error={errors.timezone} hint="Times in your schedule are shown in this time zone.">
          <TimeZoneSelect value={timezone} onChange={setTimezone} />
        </Field>
      </Section>

      <Section title="Provider" description="Offer services, classes and plans on your own public page.">
        <div className="flex items-start justify-between gap-4" data-invalid={errors.is_provider ? '' : undefined}>
          <div className="min-w-0">
            <label htmlFor={`${ids}-provider`} className="text-sm font-medium text-zinc-800">
              I offer services (provider account)
            </label>
            <p id={`${ids}-provider-hint`} className="mt-0.5 text-xs text-zinc-500">
              Providers need a username for their public page.
            </p>
            {errors.is_provider && (
              <p id={`${ids}-provider-error`} className="mt-1.5 text-sm text-red-600">
                {errors.is_provider}
              </p>
            )}
          </div>
          <Switch
            id={`${ids}-provider`}
            checked={isProvider}
            onCheckedChange={setIsProvider}
            aria-describedby={cn(errors.is_provider && `${ids}-provider-error`, `${ids}-provider-hint`)}
            aria-invalid={errors.is_provider ? true : undefined}
          />
        </div>
        {isProvider && (
          <>
            <Field label="Username" error={errors.username} hint="Lowercase letters, digits, - and _ (3 to 30 characters).">
              <Input
                name="username"
                prefix={`${origin}/`}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="your-name"
                value={username}
                onChange={(e) => setUsername(e.target.value.toLowerCase())}
              />
            </Field>
            <FieldRow label="Cover" error={errors.cover_upload} id={`${ids}-cover`} hint="1600 x 300 (16:3), up to 1MB">
              {(control) => (
                <ImagePicker
                  label="cover"
                  layout="stack"
                  maxBytes={PROFILE_COVER_MAX_BYTES}
                  hasImage={Boolean(coverUrl)}
                  onPick={(file) => {
                    setCover(picked(file));
                    setRemoveCover(false);
                  }}
                  onRemove={() => {
                    setCover(null);
                    setRemoveCover(true);
                  }}
                  preview={
                    <div className="aspect-[16/3] w-full overflow-hidden rounded-xl border border-zinc-200 bg-gradient-to-r from-brand-50 via-zinc-50 to-brand-100">
                      {coverUrl ? (
                        <img src={coverUrl} alt="Cover preview" className="size-full object-cover" />
                      ) : (
                        <div className="flex size-full items-center justify-center text-zinc-400">
                          <ImageIcon className="size-6" />
                        </div>
                      )}
                    </div>
                  }
                  {...control}
                />
              )}
            </FieldRow>
            <Field label="Bio" error={errors.bio} aside="Optional">
              <Textarea
                name="bio"
                rows={4}
                placeholder="Tell clients about yourself and what you offer."
                value={bio}
                onChange={(e) => setBio(e.target.value)}
              />
            </Field>
          </>
        )}
      </Section>

      <Section title="Sign-in methods" description="The ways you have signed in to this account.">
        {me.sign_in_methods.length === 0 ? (
          <p className="text-sm text-zinc-500">None yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {me.sign_in_methods.map((method) => (
              <li
                key={method}
                className="inline-flex items-center gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-1.5 text-sm text-zinc-700"
              >
                {SIGN_IN_METHODS[method]?.icon}
                {SIGN_IN_METHODS[method]?.label ?? method}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending} className="w-full sm:w-auto">
          Save changes
        </Button>
      </div>
    </form>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-zinc-200/80 bg-white shadow-xs">
      <header className="border-b border-zinc-100 px-5 py-4 sm:px-6">
        <h2 className="text-base font-semibold text-zinc-900">{title}</h2>
        {description && <p className="mt-0.5 text-sm text-zinc-500">{description}</p>}
      </header>
      <div className="flex flex-col gap-5 px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}

/** A labelled row whose control is not a text input (image pickers): label, hint and error wiring. */
function FieldRow({
  label,
  error,
  hint,
  id,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  id: string;
  children: (control: { id: string; invalid: boolean; describedBy?: string }) => ReactNode;
}) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-2" data-invalid={error ? '' : undefined} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="text-sm font-medium text-zinc-800">
        {label}
      </span>
      {children({ id, invalid: Boolean(error), describedBy })}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          {hint}
        </p>
      )}
    </div>
  );
}

function AccountSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading your account">
      <div className="rounded-2xl border border-zinc-200/80 bg-white p-6">
        <Skeleton className="h-5 w-24" />
        <div className="mt-6 flex items-center gap-4">
          <Skeleton className="size-14 rounded-full" />
          <Skeleton className="h-8 w-32" />
        </div>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="mt-6">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="mt-2 h-10 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
