import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFile, calendarFileName } from './ics.ts';
import { must } from '../../../server/test/support/must.ts';

describe('calendar file', () => {
  const file = calendarFile({
    uid: 'a1b2@slotted',
    title: 'Yin & Restore, deep stretch; slow',
    providerName: 'Harbour Yoga & Movement',
    location: 'Garden room, Calle del Puerto 12',
    startsAt: '2026-11-24T18:30:00Z',
    endsAt: '2026-11-24T19:45:00Z',
    stamp: '2026-11-21T10:00:00Z',
  });

  it('is valid RFC 5545 that a calendar parser reads back exactly', () => {
    const event = new ICAL.Event(
      must(
        new ICAL.Component(ICAL.parse(file)).getFirstSubcomponent('vevent'),
        "new ICAL.Component(ICAL.parse(file)).getFirstSubcomponent('vevent')",
      ),
    );
    expect(event.summary).toBe('Yin & Restore, deep stretch; slow');
    expect(event.description).toBe('With Harbour Yoga & Movement');
    expect(event.location).toBe('Garden room, Calle del Puerto 12');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-24T19:45:00.000Z');
    expect(event.uid).toBe('a1b2@slotted');
  });

  it('uses CRLF and folds long lines at 75 octets', () => {
    const long = calendarFile({
      uid: 'x',
      title: 'Ñ'.repeat(100),
      providerName: 'P',
      location: '',
      startsAt: '2026-11-24T18:30:00Z',
      endsAt: '2026-11-24T19:45:00Z',
      stamp: '2026-11-21T10:00:00Z',
    });
    for (const line of long.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(long.includes('\n') && !/[^\r]\n/.test(long)).toBe(true);
    const event = new ICAL.Event(
      must(
        new ICAL.Component(ICAL.parse(long)).getFirstSubcomponent('vevent'),
        "new ICAL.Component(ICAL.parse(long)).getFirstSubcomponent('vevent')",
      ),
    );
    expect(event.summary).toBe('Ñ'.repeat(100));
  });

  it('keeps text with line breaks and control characters on its own property line', () => {
    const forged = calendarFile({
      uid: 'x',
      title: 'Yoga\rATTENDEE:mailto:evil@example.com\nX\r\nY\u0000Z',
      providerName: 'P\u0007',
      location: 'Room\r2',
      startsAt: '2026-11-24T18:30:00Z',
      endsAt: '2026-11-24T19:45:00Z',
      stamp: '2026-11-21T10:00:00Z',
    });
    // Every line break in the file is a CRLF that ends a property: no bare CR or LF anywhere.
    expect(forged.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(forged).not.toContain('\r\nATTENDEE');
    const event = new ICAL.Event(
      must(
        new ICAL.Component(ICAL.parse(forged)).getFirstSubcomponent('vevent'),
        "new ICAL.Component(ICAL.parse(forged)).getFirstSubcomponent('vevent')",
      ),
    );
    expect(event.summary).toBe('Yoga\nATTENDEE:mailto:evil@example.com\nX\nYZ');
    expect(event.description).toBe('With P');
    expect(event.location).toBe('Room\n2');
    expect(event.attendees).toHaveLength(0);
  });

  it('an e-mailed file is a REQUEST from the provider to the client, and its cancellation a CANCEL of the same event', () => {
    const event = {
      uid: 'b1@slotted',
      title: 'Massage',
      providerName: 'Studio "Harbour"',
      location: '',
      startsAt: '2026-11-24T18:30:00Z',
      endsAt: '2026-11-24T19:30:00Z',
      stamp: '2026-11-21T10:00:00Z',
      sequence: 2,
      organizer: { name: 'Studio "Harbour"', email: 'studio@example.com' },
      attendee: { name: 'Ana\r\nEvil', email: 'ana@example.com' },
    };
    for (const [file, method] of [
      [calendarFile(event), 'REQUEST'],
      [calendarFile({ ...event, cancelled: true, sequence: 3 }), 'CANCEL'],
    ] as const) {
      const calendar = new ICAL.Component(ICAL.parse(file));
      const vevent = calendar.getFirstSubcomponent('vevent');
      if (!vevent) throw new Error('no VEVENT in the file');
      expect(calendar.getFirstPropertyValue('method')).toBe(method);
      expect(vevent.getFirstPropertyValue('uid')).toBe('b1@slotted');
      expect(vevent.getFirstPropertyValue('sequence')).toBe(method === 'CANCEL' ? 3 : 2);
      expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:studio@example.com');
      expect(vevent.getFirstProperty('attendee')?.getParameter('cn')).toBe('AnaEvil');
    }
    // Without organizer and attendee (the booking page's download) the file is published.
    expect(calendarFile({ ...event, organizer: undefined, attendee: undefined })).toContain('METHOD:PUBLISH');
  });

  it('names the file after the appointment', () => {
    expect(calendarFileName('Vinyasa Flow with Ana')).toBe('Vinyasa_Flow_with_Ana.ics');
  });
});
