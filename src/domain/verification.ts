import { z } from 'zod';
import { VerifiedType } from './auth';
import { VERIFICATION_STATUSES } from './moderation-values';
import { text } from './text';

/** Texts of a member's verification request (DECISIONS 16). */
export const VERIFICATION_TEXTS = {
  nameRequired: 'Please enter the name to verify',
  nameTooLong: 'Maximum 100 characters',
  typeRequired: 'Please choose what to verify',
  phoneRequired: 'Please enter a phone number we can call',
  phoneInvalid: 'Please enter a valid phone number',
  websiteInvalid: 'Please enter a valid website address, such as https://example.com',
  pendingAlready: 'You already have a verification request waiting for review. An admin will decide it soon.',
  requested: 'Verification requested',
  requestedText: 'An admin will review your request. You will be told when it is decided.',
  requestFailed: 'Failed to send your request. Please try again.',
} as const;

const PHONE = /^\+?[0-9 ().-]{7,25}$/;
const digitsIn = (v: string) => v.replace(/\D/g, '').length;

/** A website as typed ('example.com' or with http(s)://), as a full http(s) address; null when it is not one. */
export function websiteOf(input: string): string | null {
  const candidate = /^https?:\/\//i.test(input) ? input : `https://${input}`;
  try {
    const url = new URL(candidate);
    const okHost = url.hostname.includes('.') && !url.hostname.startsWith('.') && !url.hostname.endsWith('.');
    return (url.protocol === 'https:' || url.protocol === 'http:') && okHost && !url.username && !url.password ? url.toString() : null;
  } catch {
    return null;
  }
}

/** POST /api/verification-requests (spec §3 Verification request; DECISIONS 16): the member is the session's. */
export const VerificationRequestInput = z.object({
  businessName: text(VERIFICATION_TEXTS.nameRequired).trim().min(2, VERIFICATION_TEXTS.nameRequired).max(100, VERIFICATION_TEXTS.nameTooLong),
  verifiedType: z.enum(VerifiedType.options, { error: VERIFICATION_TEXTS.typeRequired }),
  businessPhone: text(VERIFICATION_TEXTS.phoneRequired)
    .trim()
    .min(1, VERIFICATION_TEXTS.phoneRequired)
    .refine((v) => PHONE.test(v) && digitsIn(v) >= 7 && digitsIn(v) <= 15, VERIFICATION_TEXTS.phoneInvalid),
  businessWebsite: text()
    .trim()
    .max(300, VERIFICATION_TEXTS.websiteInvalid)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const url = websiteOf(v);
      if (!url) ctx.addIssue({ code: 'custom', message: VERIFICATION_TEXTS.websiteInvalid });
      return url;
    }),
  /** DECISIONS 1: may only name the session's member. */
  userId: text().optional(),
});
export type VerificationRequestInput = z.infer<typeof VerificationRequestInput>;

/** A verification request as the API returns it (spec §3). */
export const VerificationRequest = z.object({
  id: z.string(),
  userId: z.string(),
  businessName: z.string(),
  verifiedType: VerifiedType,
  businessPhone: z.string(),
  businessWebsite: z.string().nullable(),
  status: z.enum(VERIFICATION_STATUSES),
  reviewNotes: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type VerificationRequest = z.infer<typeof VerificationRequest>;
