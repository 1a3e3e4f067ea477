import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from './errors.ts';
import { serviceInput } from './services.ts';
import { timeOffInput } from './availability.ts';
import { repeaterInput } from './classes.ts';
import { createAppointmentInput } from './appointments.ts';
import { updateMeFields } from './me.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error.issues);
};
const service = { name: 'Yoga', type: 'class', price: 10, duration: 60 };

describe('free text fields', () => {
  it.each(['\u0000', '\r', '\n', '\t', '\u001b', '\u007f'])('a one-line field refuses %j with its own message', (ch) => {
    expect(errorsOf(serviceInput, { ...service, name: `Yo${ch}ga` })).toEqual({
      name: ['The name cannot contain line breaks or control characters.'],
    });
    expect(errorsOf(serviceInput, { ...service, location: `Room${ch}2` })).toEqual({
      location: ['The location cannot contain line breaks or control characters.'],
    });
    expect(errorsOf(updateMeFields, { name: `Ana${ch}` })).toEqual({
      name: ['Your name cannot contain line breaks or control characters.'],
    });
  });

  it('a multi-line field keeps line breaks and tabs but refuses other control characters', () => {
    expect(errorsOf(serviceInput, { ...service, description: '<p>a</p>\r\n\t<p>b</p>\n' })).toEqual({});
    expect(errorsOf(updateMeFields, { name: 'Ana', bio: 'Line one\nLine two' })).toEqual({});
    expect(errorsOf(serviceInput, { ...service, description: 'a\u0000b' })).toEqual({
      description: ['The description cannot contain control characters.'],
    });
    expect(errorsOf(updateMeFields, { name: 'Ana', bio: 'a\u0008' })).toEqual({ bio: ['Your bio cannot contain control characters.'] });
  });

  it('refuses text that has no UTF-8 form (a lone surrogate)', () => {
    expect(errorsOf(serviceInput, { ...service, name: 'Yoga \ud800' })).toEqual({
      name: ['The name cannot contain line breaks or control characters.'],
    });
    expect(errorsOf(serviceInput, { ...service, name: 'Yoga 🧘' })).toEqual({});
  });

  it('refuses objects and arrays where text is expected, naming the field', () => {
    expect(errorsOf(serviceInput, { ...service, name: { toString: 'x' } })).toEqual({ name: ['Please enter a name.'] });
    expect(errorsOf(serviceInput, { ...service, location: ['Room 2'] })).toEqual({ location: ['The location must be text.'] });
    expect(errorsOf(updateMeFields, { name: 'Ana', bio: { a: 1 } })).toEqual({ bio: ['Your bio must be text.'] });
  });

  it('keeps the existing rules: trimmed, required, bounded', () => {
    expect(serviceInput.parse({ ...service, name: '  Yoga  ', location: ' Room 2 ' })).toMatchObject({ name: 'Yoga', location: 'Room 2' });
    expect(errorsOf(serviceInput, { ...service, name: '   ' })).toEqual({ name: ['Please enter a name.'] });
    expect(errorsOf(serviceInput, { ...service, name: 'x'.repeat(121) })).toEqual({ name: ['The name can be at most 120 characters.'] });
  });
});

describe('dates and instants', () => {
  const timeOff = { from_date: '2026-12-01', from_time: '09:00', until_date: '2026-12-02', until_time: '09:00' };

  it('dates fall in 2000–2100 and exist', () => {
    expect(errorsOf(timeOffInput, timeOff)).toEqual({});
    expect(errorsOf(timeOffInput, { ...timeOff, from_date: '0000-01-01' })).toEqual({
      from_date: ['Please choose a date between 2000 and 2100.'],
    });
    expect(errorsOf(timeOffInput, { ...timeOff, until_date: '2101-01-01' })).toEqual({
      until_date: ['Please choose a date between 2000 and 2100.'],
    });
    expect(errorsOf(timeOffInput, { ...timeOff, from_date: '2026-02-30' })).toEqual({ from_date: ['Please choose a valid date.'] });
  });

  it('a booking instant falls in 2000–2100', () => {
    const booking = { service_id: 1, starts_at: '2026-12-01T09:00:00Z' };
    expect(errorsOf(createAppointmentInput, booking)).toEqual({});
    expect(errorsOf(createAppointmentInput, { ...booking, starts_at: '9999-12-31T23:00:00Z' })).toEqual({
      starts_at: ['Please choose a date between 2000 and 2100.'],
    });
    expect(errorsOf(createAppointmentInput, { ...booking, starts_at: '1970-01-01T00:00:00Z' })).toEqual({
      starts_at: ['Please choose a date between 2000 and 2100.'],
    });
    expect(errorsOf(createAppointmentInput, { ...booking, starts_at: 'soon' })).toEqual({ starts_at: ['Choose a time.'] });
  });

  it('a timetable starts on a real day', () => {
    const message = { start_at: ['Choose a start date and time (YYYY-MM-DD HH:MM).'] };
    expect(errorsOf(repeaterInput, { service_id: 1, start_at: '2026-02-28 10:00' })).toEqual({});
    expect(errorsOf(repeaterInput, { service_id: 1, start_at: '2026-02-30 10:00' })).toEqual(message);
    expect(errorsOf(repeaterInput, { service_id: 1, start_at: '0000-01-01 10:00' })).toEqual(message);
  });
});
