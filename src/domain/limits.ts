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
  /** Distinct posts a guest sees in full a day, per guest session and per network address (DECISIONS 29). */
  previewPostsPerSession: 10,
  previewPostsPerAddress: 30,
  notificationListSize: 10,
  trendingSize: 5,
  popularLocations: 8,
  /** Uploaded images (DECISIONS 18): bytes, decoded pixels, stored sizes. */
  imageMaxBytes: 10 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
  imageMaxSide: 1600,
  thumbnailSide: 400,
  /** A search's total is counted at once up to this many posts, above it in the background (docs/decisions/0022). */
  totalCountCap: 1000,
  /** The most post ids one favourites batch check answers (docs/decisions/0047); a page of cards is 20. */
  favoriteStatesMax: 100,
} as const;

/**
 * The image formats an upload may be (docs/decisions/0020): the browser's picker offers them (`accept`
 * lists the types and extensions) and checks a chosen file before the upload; the server accepts
 * only these, judged by the bytes, never by the declared type or name. SVG and HEIC are not among them.
 */
export const ACCEPTED_IMAGES = [
  { type: 'image/jpeg', extensions: ['.jpg', '.jpeg'], label: 'JPEG' },
  { type: 'image/png', extensions: ['.png'], label: 'PNG' },
  { type: 'image/webp', extensions: ['.webp'], label: 'WebP' },
  { type: 'image/gif', extensions: ['.gif'], label: 'GIF' },
  { type: 'image/avif', extensions: ['.avif'], label: 'AVIF' },
] as const;

export const ACCEPTED_IMAGE_TYPES: readonly string[] = ACCEPTED_IMAGES.map((image) => image.type);

const imageLabels = ACCEPTED_IMAGES.map((image) => image.label);
/** The formats for people to read: 'JPEG, PNG, WebP, GIF or AVIF'. */
export const ACCEPTED_IMAGE_NAMES = `${imageLabels.slice(0, -1).join(', ')} or ${imageLabels.at(-1)}`;

export const TOAST = {
  limit: 1,
  durationMs: 5000,
  removeDelayMs: 1_000_000,
  swipeThresholdPx: 50,
} as const;

/** Tooltips (spec §9): open after 700 ms of hover, 300 ms between neighbours. */
export const TOOLTIP = {
  openDelayMs: 700,
  skipDelayMs: 300,
} as const;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a network a member signed in from, or a referred friend registered from, is remembered (docs/decisions/0134). */
export const MEMBER_NETWORK_KEPT_MS = 180 * DAY_MS;
