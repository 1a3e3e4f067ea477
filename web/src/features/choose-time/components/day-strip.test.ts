import { describe, expect, it } from 'vitest';
import { dayStatus } from './day-strip.tsx';

describe('a day chip of Choose time', () => {
  it('counts free times of a 1:1 and classes with a place, never a bare number', () => {
    expect(dayStatus(1, false, 'appointment')).toEqual({ chip: '1 time', spoken: '1 free time' });
    expect(dayStatus(3, true, 'appointment')).toEqual({ chip: '3 times', spoken: '3 free times' });
    expect(dayStatus(1, false, 'class')).toEqual({ chip: '1 class', spoken: '1 class with places' });
  });

  it('says why a day has nothing free: full, booked by the viewer, or the current time of the booking being moved', () => {
    expect(dayStatus(0, false, 'class').chip).toBe('Full');
    expect(dayStatus(0, true, 'class').chip).toBe('Booked');
    expect(dayStatus(0, 'current', 'appointment')).toEqual({ chip: 'Current', spoken: 'the booking’s current time' });
  });
});
