/**
 * How far a count from the server can be trusted: exact, capped (more match than the server counts:
 * X-Total-Count-Capped) or estimated (X-Total-Count-Estimated, a map response's `estimated`).
 */
export type CountAccuracy = 'exact' | 'capped' | 'estimated';

/** The accuracy of a count from its two flags; a capped count is never also an estimate. */
export const accuracyOf = ({ capped, estimated }: { capped: boolean; estimated: boolean }): CountAccuracy =>
  capped ? 'capped' : estimated ? 'estimated' : 'exact';

/** An estimate shows no more precision than it has: two significant figures (12,345 → 12,000; 987 → 990). */
export function roundEstimate(count: number): number {
  if (count < 100) return Math.round(count);
  const unit = 10 ** (Math.floor(Math.log10(count)) - 1);
  return Math.round(count / unit) * unit;
}

/** The number as read: "12,345", "1,000+" (capped), "about 12,000" (estimated). */
function countText(count: number, accuracy: CountAccuracy = 'exact'): string {
  if (accuracy === 'estimated') return `about ${roundEstimate(count).toLocaleString('en-US')}`;
  return `${count.toLocaleString('en-US')}${accuracy === 'capped' ? '+' : ''}`;
}

/**
 * A count with its noun, for screens and screen readers: "1 post", "2 posts", "1,000+ posts" (a
 * capped count is always plural), "about 12,000 posts". `noun` is the singular; the plural adds an s.
 */
export function countOf(count: number, noun: string, accuracy: CountAccuracy = 'exact'): string {
  const shown = accuracy === 'estimated' ? roundEstimate(count) : count;
  const singular = shown === 1 && accuracy !== 'capped';
  return `${countText(count, accuracy)} ${singular ? noun : `${noun}s`}`;
}

/** A count in at most four or five characters: "5400", "12k", "1.2M", "12M". */
function shortCount(count: number): string {
  if (count < 10_000) return String(count);
  const thousands = Math.round(count / 1000);
  if (thousands < 1000) return `${thousands}k`;
  const millions = count / 1_000_000;
  return `${millions < 9.95 ? millions.toFixed(1).replace(/\.0$/, '') : Math.round(millions)}M`;
}

/**
 * The short count in a map bubble: "7", "120", "5400", "12k", "1.2M"; an estimate rounded and
 * marked "~" ("~120", "~12k").
 */
export function bubbleText(count: number, estimated: boolean): string {
  const text = shortCount(estimated ? roundEstimate(count) : count);
  return estimated ? `~${text}` : text;
}
