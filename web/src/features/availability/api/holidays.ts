import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { holidaysResponse } from '@slotted/contract';
import type { z } from 'zod';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { availabilityKeys } from '../../../lib/query-keys.ts';

/** The provider's country (ISO code, or null when none is chosen), the countries offered and one year's holidays. */
export type HolidaysAnswer = z.infer<typeof holidaysResponse>['data'];

/** GET /api/holidays?year=YYYY: the provider's country, the countries offered and that year's holidays. */
export async function fetchHolidays(year: number): Promise<HolidaysAnswer> {
  return apiData('holidays', { query: { year } });
}

export const holidaysQueryOptions = (year: number) =>
  queryOptions({ queryKey: availabilityKeys.holidaysOf(year), queryFn: () => fetchHolidays(year) });

export function useHolidays(year: number) {
  return useQuery({ ...holidaysQueryOptions(year), placeholderData: keepPreviousData });
}

/** POST /api/holidays/country `{ country }` (204); null means none. */
export async function setHolidayCountry(country: string | null): Promise<void> {
  await apiRequest('setHolidayCountry', { json: { country } });
}

export function useSetHolidayCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHolidayCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.holidays }),
  });
}

/** POST /api/holidays/choice `{ date, available }` (204). */
export async function chooseHoliday(choice: { date: string; available: boolean }): Promise<void> {
  await apiRequest('chooseHoliday', { json: choice });
}

/** A holiday's switch flips at once; it flips back (and the caller is told) if the server refuses. */
export function useChooseHoliday(year: number) {
  const queryClient = useQueryClient();
  const key = availabilityKeys.holidaysOf(year);
  const flip = (answer: HolidaysAnswer | undefined, date: string, available: boolean) =>
    answer && { ...answer, holidays: answer.holidays.map((h) => (h.date === date ? { ...h, available } : h)) };
  return useMutation({
    mutationFn: chooseHoliday,
    onMutate: async ({ date, available }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<HolidaysAnswer>(key, (answer) => flip(answer, date, available));
    },
    onError: (_error, { date, available }) => {
      queryClient.setQueryData<HolidaysAnswer>(key, (answer) => flip(answer, date, !available));
    },
  });
}
