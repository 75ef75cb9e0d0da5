import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small facts the app keeps about itself, e.g. that the demo set was offered (docs/decisions/0033). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
