import { z } from 'zod';

export const NUL_MESSAGE = 'Text cannot contain NUL characters';
export const NOT_TEXT_MESSAGE = 'Expected text';

/**
 * Every string the API accepts starts here: PostgreSQL text cannot hold U+0000, so it is refused
 * with a message rather than failing the query. `required` is the message for an absent (or null)
 * field, e.g. 'Title is required' (spec §5); chain `.trim()`, `.min()`, … after it as usual.
 */
export function text(required?: string) {
  return z
    .string({ error: (issue) => (issue.input == null && required ? required : NOT_TEXT_MESSAGE) })
    .refine((v) => !v.includes('\u0000'), NUL_MESSAGE);
}
