import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NUL_MESSAGE } from '../../domain/text';

/** The path of the first string (or key) holding U+0000 in a request's body, query or params; null when none does. */
export function nulPath(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (key.includes('\u0000')) return at;
    const found = nulPath(item, at);
    if (found) return found;
  }
  return null;
}

const refuseNul = z.unknown().superRefine((value, ctx) => {
  const path = nulPath(value);
  if (path) ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path });
});

/**
 * The routes' zod validation, then every string of what it let through checked: PostgreSQL text
 * cannot hold U+0000, so one left to a query would fail it with a 500. `text()` (src/domain/text.ts)
 * refuses it in the schemas with their own message first; this keeps a schema that forgets it from
 * reaching the database.
 */
export const validateWithoutNul: typeof validatorCompiler = (route) =>
  validatorCompiler({ ...route, schema: (route.schema as z.ZodType).pipe(refuseNul) });
