import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { AVATAR_MAX_BYTES, PROFILE_COVER_MAX_BYTES, updateMeFields, type Me } from '@slotted/contract';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { ImageIcon, MailIcon } from 'lucide-react';
import { FacebookIcon, GoogleIcon } from '../../../components/ui/icons.tsx';
import { DocumentTitle, Page, PageHeader } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { browserTimeZone } from '../../../lib/format.ts';
import { useApiForm } from '../../../lib/forms/use-api-form.ts';
import { useMe } from '../../../lib/me.ts';
import { useUpdateMe, type UpdateMeInput } from '../api/update-me.ts';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { SettingsSection as Section } from '../components/settings-section.tsx';
import { SettingsTabs } from '../components/settings-tabs.tsx';
import { TimeZoneSelect } from '../components/time-zone-select.tsx';

/** /settings/account (docs/product-rules.md#settings). */
export function AccountSettingsPage() {
  const { data: me, isPending } = useMe();
  return (
    <Page>
      <DocumentTitle title="Account settings" />
      <PageHeader title="Settings" />
      <SettingsTabs />
      {isPending || !me ? <AccountSkeleton /> : <AccountForm me={me} />}
    </Page>
  );
}

interface PickedImage {
  file: File;
  url: string;
}

/** The form's fields, named like POST /api/me's (docs/product-rules.md#limits-and-validation). */
interface AccountValues {
  name: string;
  email: string;
  phone: string;
  timezone: string;
  is_provider: boolean;
  bio: string;
  username: string;
  avatar_upload: PickedImage | null;
  cover_upload: PickedImage | null;
  remove_avatar: boolean;
  remove_cover: boolean;
  reminders: boolean;
}

function accountValues(me: Me): AccountValues {
  return {
    name: me.name,
    email: me.email,
    phone: me.phone ?? '',
    timezone: me.timezone || browserTimeZone(),
    is_provider: me.is_provider,
    bio: me.bio ?? '',
    username: me.username ?? '',
    avatar_upload: null,
    cover_upload: null,
    remove_avatar: false,
    remove_cover: false,
    reminders: me.reminders,
  };
}

/** The text fields checked with the contract's `updateMeFields`; out comes the request (provider fields only for providers). */
const accountForm = z.custom<AccountValues>().transform((values, ctx): UpdateMeInput => {
  const provider = values.is_provider;
  const parsed = updateMeFields.safeParse({
    name: values.name,
    phone: values.phone.trim(),
    timezone: values.timezone,
    is_provider: provider ? '1' : '0',
    ...(provider ? { bio: values.bio, username: values.username.trim() } : {}),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [String(issue.path[0])], message: issue.message });
    return z.NEVER;
  }
  return {
    name: parsed.data.name,
    phone: parsed.data.phone ?? '',
    timezone: values.timezone,
    is_provider: provider,
    ...(provider ? { bio: parsed.data.bio ?? '', username: parsed.data.username ?? '' } : {}),
    avatar_upload: values.avatar_upload?.file ?? null,
    remove_avatar: values.remove_avatar && !values.avatar_upload,
    ...(provider ? { cover_upload: values.cover_upload?.file ?? null, remove_cover: values.remove_cover && !values.cover_upload } : {}),
    reminders: values.reminders,
  };
});

const SIGN_IN_METHODS: Record<Me['sign_in_methods'][number], { label: string; icon: ReactNode }> = {
  email: { label: 'E-mail link', icon: <MailIcon className="size-4 text-zinc-500" /> },
  google: { label: 'Google', icon: <GoogleIcon className="size-4" /> },
  facebook: { label: 'Facebook', icon: <FacebookIcon className="size-4" /> },
};

function AccountForm({ me }: { me: Me }) {
  const { toast } = useToast();
  const update = useUpdateMe();
  const ids = useId();
  const { form, ref, submit, failed, errorOf } = useApiForm(accountForm, { defaultValues: accountValues(me) });
  const { control, register, setValue } = form;
  const values = useWatch({ control }) as AccountValues;
  const {
    name,
    is_provider: isProvider,
    avatar_upload: avatar,
    cover_upload: cover,
    remove_avatar: removeAvatar,
    remove_cover: removeCover,
    reminders,
  } = values;

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

  const avatarUrl = avatar?.url ?? (removeAvatar ? null : me.avatar);
  const coverUrl = cover?.url ?? (removeCover ? null : me.cover);

  const onSubmit = submit((input) =>
    update.mutate(input, {
      onSuccess: (saved) => {
        form.reset({ ...form.getValues(), ...accountValues(saved), timezone: form.getValues('timezone') });
        toast({ title: 'Profile updated' });
      },
      onError: failed,
    }),
  );

  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <form ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <Section title="Profile" description="How you appear to providers and clients.">
        <FieldRow label="Photo" error={errorOf('avatar_upload')} id={`${ids}-avatar`} hint="WebP, JPG or PNG, up to 1 MB.">
          {(control) => (
            <ImagePicker
              label="photo"
              maxBytes={AVATAR_MAX_BYTES}
              hasImage={Boolean(avatarUrl)}
              onPick={(file) => {
                setValue('avatar_upload', picked(file));
                setValue('remove_avatar', false);
              }}
              onRemove={() => {
                setValue('avatar_upload', null);
                setValue('remove_avatar', true);
              }}
              preview={<Avatar src={avatarUrl} name={name || me.name} size="l" />}
              {...control}
            />
          )}
        </FieldRow>
        <Field label="Name" error={errorOf('name')}>
          <Input {...register('name')} autoComplete="name" />
        </Field>
        <Field label="E-mail" error={errorOf('email')} hint="Your e-mail address can’t be changed.">
          <Input type="email" name="email" value={me.email} disabled readOnly />
        </Field>
        <Field label="Phone" error={errorOf('phone')} aside="Optional">
          <Input {...register('phone')} type="tel" autoComplete="tel" inputMode="tel" placeholder="+34 600 000 000" />
        </Field>
        <Field label="Time zone" error={errorOf('timezone')} hint="Times in your schedule are shown in this time zone.">
          <Controller
            control={control}
            name="timezone"
            render={({ field }) => <TimeZoneSelect value={field.value} onChange={field.onChange} />}
          />
        </Field>
      </Section>

      <Section title="Provider" description="Offer services, classes and plans on your own public page.">
        <div className="flex items-start justify-between gap-4" data-invalid={errorOf('is_provider') ? '' : undefined}>
          <div className="min-w-0">
            <label htmlFor={`${ids}-provider`} className="text-sm font-medium text-zinc-800">
              I offer services (provider account)
            </label>
            <p id={`${ids}-provider-hint`} className="mt-0.5 text-xs text-zinc-500">
              Providers need a username for their public page.
            </p>
            {errorOf('is_provider') && (
              <p id={`${ids}-provider-error`} className="mt-1.5 text-sm text-red-600">
                {errorOf('is_provider')}
              </p>
            )}
          </div>
          <Switch
            id={`${ids}-provider`}
            checked={isProvider}
            onCheckedChange={(checked) => {
              setValue('is_provider', checked);
              form.clearErrors('is_provider');
            }}
            aria-describedby={cn(errorOf('is_provider') && `${ids}-provider-error`, `${ids}-provider-hint`)}
            aria-invalid={errorOf('is_provider') ? true : undefined}
          />
        </div>
        {isProvider && (
          <>
            <Field label="Username" error={errorOf('username')} hint="Lowercase letters, digits, - and _ (3 to 30 characters).">
              <Controller
                control={control}
                name="username"
                render={({ field }) => (
                  <Input
                    name="username"
                    prefix={`${origin}/`}
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder="your-name"
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value.toLowerCase())}
                  />
                )}
              />
            </Field>
            <FieldRow label="Cover" error={errorOf('cover_upload')} id={`${ids}-cover`} hint="1600 x 300 (16:3), up to 1MB">
              {(control) => (
                <ImagePicker
                  label="cover"
                  layout="stack"
                  maxBytes={PROFILE_COVER_MAX_BYTES}
                  hasImage={Boolean(coverUrl)}
                  onPick={(file) => {
                    setValue('cover_upload', picked(file));
                    setValue('remove_cover', false);
                  }}
                  onRemove={() => {
                    setValue('cover_upload', null);
                    setValue('remove_cover', true);
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
            <Field label="Bio" error={errorOf('bio')} aside="Optional">
              <Textarea {...register('bio')} rows={4} placeholder="Tell clients about yourself and what you offer." />
            </Field>
          </>
        )}
      </Section>

      <Section title="E-mails" description="What Slotted e-mails you besides your bookings’ confirmations and cancellations.">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <label htmlFor={`${ids}-reminders`} className="text-sm font-medium text-zinc-800">
              Reminders before my sessions
            </label>
            <p id={`${ids}-reminders-hint`} className="mt-0.5 text-xs text-zinc-500">
              An e-mail before each session you booked, as long before as its provider chose.
            </p>
          </div>
          <Switch
            id={`${ids}-reminders`}
            checked={reminders}
            onCheckedChange={(checked) => setValue('reminders', checked)}
            aria-describedby={`${ids}-reminders-hint`}
          />
        </div>
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
