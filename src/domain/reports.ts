import { z } from 'zod';
import { REPORT_STATUSES } from './moderation-values';
import { text } from './text';
import { uuidField } from './id-schemas';
import { endSentence } from './time';

/** Why a post is reported (spec §2 dialog 8); scam first and the default. */
export const REPORT_REASONS = ['scam', 'inappropriate', 'spam', 'not_free', 'wrong_info', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  inappropriate: 'Inappropriate content',
  spam: 'Spam',
  not_free: 'Not actually free',
  wrong_info: 'Wrong or misleading information',
  other: 'Something else',
};

/** Texts of spec §5 and §8 for reports. */
export const REPORT_MESSAGES = {
  title: 'Report This Post',
  reasonRequiredTitle: 'Reason Required',
  reasonRequiredText: 'Please select a reason for reporting.',
  submitted: 'Report Submitted',
  failed: 'Failed to submit report. Please try again.',
  already: 'You have already reported this post. Thank you: an admin will look at it.',
} as const;

/** The report dialog, opened by someone who reported the post already (docs/decisions/0148). */
export const reportedText = (title: string, when: string) => `${endSentence(`You reported “${title}” on ${when}`)} Thank you: an admin will look at it.`;

/** 'Reason Required: Please select a reason for reporting.' */
export const REASON_REQUIRED = `${REPORT_MESSAGES.reasonRequiredTitle}: ${REPORT_MESSAGES.reasonRequiredText}`;

/** POST /api/posts/report (spec §7): anyone, a guest anonymously (DECISIONS 23). */
export const ReportInput = z.object({
  postId: uuidField('postId must be a post id'),
  reason: z.enum(REPORT_REASONS, { error: REASON_REQUIRED }),
  description: text()
    .trim()
    .max(1000, 'Maximum 1000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  reporterId: text().optional(),
});
export type ReportInput = z.infer<typeof ReportInput>;

/**
 * What POST /api/posts/report answers: the report, and whether the reporter had reported the post
 * already (one report per reporter and post: a second changes nothing, issue 19).
 */
export const ReportAnswer = z.object({
  id: z.string(),
  postId: z.string(),
  status: z.enum(REPORT_STATUSES),
  alreadyReported: z.boolean(),
});
export type ReportAnswer = z.infer<typeof ReportAnswer>;

/**
 * GET /api/posts/:id/report: whether the asking reporter (the member, or the guest's session; never
 * a guest known only by their address) has reported the post, and when; the dialog then says so
 * instead of asking again (docs/decisions/0148).
 */
export const MyReport = z.object({ reported: z.boolean(), at: z.string().nullable() });
export type MyReport = z.infer<typeof MyReport>;
