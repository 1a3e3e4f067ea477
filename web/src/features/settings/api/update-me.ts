import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { meKeys } from '../../../lib/query-keys.ts';

export interface UpdateMeInput {
  name: string;
  phone: string;
  timezone: string;
  is_provider: boolean;
  /** Provider-only fields; left out (unchanged) when undefined. */
  bio?: string;
  username?: string;
  avatar_upload?: File | null;
  cover_upload?: File | null;
  remove_avatar?: boolean;
  remove_cover?: boolean;
}

const bit = (value: boolean) => (value ? '1' : '0');

/** The multipart body of POST /api/me (booleans as 0/1: docs/architecture.md#api-conventions). */
export function updateMeFormData(input: UpdateMeInput): FormData {
  const form = new FormData();
  form.append('name', input.name);
  form.append('phone', input.phone);
  form.append('timezone', input.timezone);
  form.append('is_provider', bit(input.is_provider));
  if (input.bio !== undefined) form.append('bio', input.bio);
  if (input.username !== undefined) form.append('username', input.username);
  if (input.avatar_upload) form.append('avatar_upload', input.avatar_upload);
  if (input.cover_upload) form.append('cover_upload', input.cover_upload);
  if (input.remove_avatar !== undefined) form.append('remove_avatar', bit(input.remove_avatar));
  if (input.remove_cover !== undefined) form.append('remove_cover', bit(input.remove_cover));
  return form;
}

/** POST /api/me: updates the profile and answers with the updated user. */
export async function updateMe(input: UpdateMeInput): Promise<Me> {
  return apiData('updateMe', { form: updateMeFormData(input) });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => queryClient.setQueryData(meKeys.all, me),
  });
}
