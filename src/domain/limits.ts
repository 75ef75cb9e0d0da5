/** Business constants and text limits from product-spec §9. */
export const LIMITS = {
  usernameMin: 2,
  usernameMax: 40,
  emailMax: 254,
  passwordMin: 6,
  passwordMax: 128,
  commentMax: 500,
  ratingCommentMax: 300,
  messageMax: 500,
  subjectMax: 100,
  statusNotesMax: 300,
  ownerInitialsMax: 3,
  trialDays: 7,
  freePreviewPosts: 1,
  notificationListSize: 10,
  trendingSize: 5,
  popularLocations: 8,
  /** Uploaded images (DECISIONS 18): bytes, decoded pixels, stored sizes. */
  imageMaxBytes: 10 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
  imageMaxSide: 1600,
  thumbnailSide: 400,
  /** X-Total-Count is exact up to this many posts; above it the list says so (docs/decisions/0022). */
  totalCountCap: 1000,
} as const;

export const PRICES_USD = {
  dayPass: 3,
  lifetime: 9.99,
  postingFee: 3,
} as const;

export const TOAST = {
  limit: 1,
  durationMs: 5000,
  removeDelayMs: 1_000_000,
  swipeThresholdPx: 50,
} as const;

export const DAY_MS = 24 * 60 * 60 * 1000;
