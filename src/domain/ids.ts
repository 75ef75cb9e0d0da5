/** A uuid as PostgreSQL prints it (any version): post and user ids. Zod-free, like post-values.ts. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` can be compared with a uuid column without PostgreSQL refusing the cast. */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
