import type { z } from 'zod';

// Names and text fields refuse control characters (issue 14, item 7): NUL and the other C0/C1 controls,
// and the invisible direction marks and overrides (bidi) that make a name read differently from what it
// is ("Trojan Source"). The refusal's message is the catalog's, so the error handler answers 400
// TEXT_CONTROL_CHARACTERS.

/** C0 and C1 controls, DEL, and the bidi marks, embeddings, overrides and isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** The same, but tab, line feed and carriage return are allowed (multi-line messages). */
const CONTROL_IN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export function hasControlCharacters(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_IN_TEXT : CONTROL_IN_NAME).test(text);
}

/** The refusal's message; the error catalog's TEXT_CONTROL_CHARACTERS uses it (this file imports no other). */
export const TEXT_CONTROL_CHARACTERS_MESSAGE = 'Text must not contain control characters';
const message = TEXT_CONTROL_CHARACTERS_MESSAGE;

/** A one-line name: no control characters at all. */
export const plainName = <S extends z.ZodType<string>>(schema: S) =>
  schema.refine((s) => !hasControlCharacters(s), { message });

/** Free text (a message): tab and line breaks allowed, other controls refused. */
export const plainText = <S extends z.ZodType<string>>(schema: S) =>
  schema.refine((s) => !hasControlCharacters(s, true), { message });
