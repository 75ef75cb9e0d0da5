import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Landings with utm_* parameters (DECISIONS 28; docs/decisions/0087), counted as views are: once
 * per visitor, campaign and UTC day, the visitor a member or a keyed hash under the day's salt
 * (docs/decisions/0086). The marks live two days; what stays is a count per campaign and day.
 */
export const campaignVisitMarks = pgTable(
  'campaign_visit_marks',
  {
    day: date('day').notNull(),
    visitor: text('visitor').notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull(),
    campaign: text('campaign').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor, t.source, t.medium, t.campaign] })],
);

/** Visits a day by campaign ('' for a part the link did not carry). */
export const campaignVisits = pgTable(
  'campaign_visits',
  {
    day: date('day').notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull(),
    campaign: text('campaign').notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.medium, t.campaign, t.day] })],
);
