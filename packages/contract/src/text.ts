import { z } from 'zod';

/*
 * Free text as every request schema takes it. The database refuses a NUL byte in text, calendar
 * files and e-mail headers treat CR/LF as structure, and a lone UTF-16 surrogate has no UTF-8
 * form: such input is refused here, with the field's own message, instead of failing later.
 */

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** Multi-line text keeps tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * One line of text (a name, a location, a note): no line breaks, tabs or other control
 * characters. `what` names the field in the messages ("The name …"); `required` and `tooLong`
 * give the field's own messages. Surrounding spaces are trimmed.
 */
export function singleLineText(o: { what: string; max: number; tooLong: string; required?: string }) {
  const base = z
    .string({ error: o.required ?? notText(o.what) })
    .refine(
      (s) => !ANY_CONTROL.test(s) && !LONE_SURROGATE.test(s),
      `${capitalise(o.what)} cannot contain line breaks or control characters.`,
    )
    .trim();
  return (o.required ? base.min(1, o.required) : base).max(o.max, o.tooLong);
}

/** Several lines of text or rich-text HTML (a description, a bio, terms): no control characters but tab and line breaks. */
export function multiLineText(o: { what: string; max: number; tooLong: string }) {
  return z
    .string({ error: notText(o.what) })
    .refine((s) => !CONTROL_EXCEPT_LINES.test(s) && !LONE_SURROGATE.test(s), `${capitalise(o.what)} cannot contain control characters.`)
    .max(o.max, o.tooLong);
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const notText = (what: string) => `${capitalise(what)} must be text.`;
