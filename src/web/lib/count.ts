import { formatCount } from '../../domain/numbers';

/**
 * How far a count from the server can be trusted: exact, or estimated (X-Total-Count-Estimated, a
 * map response's `estimated`: docs/decisions/0072).
 */
export type CountAccuracy = 'exact' | 'estimated';

/** An estimate shows no more precision than it has: two significant figures (12,345 → 12,000; 987 → 990). */
export function roundEstimate(count: number): number {
  if (count < 100) return Math.round(count);
  const unit = 10 ** (Math.floor(Math.log10(count)) - 1);
  return Math.round(count / unit) * unit;
}

/** The number as shown: an estimate rounded (roundEstimate). */
export const shownCount = (count: number, accuracy: CountAccuracy = 'exact') => (accuracy === 'estimated' ? roundEstimate(count) : count);

/**
 * A count with its noun, for screens and screen readers: "1 post", "2 posts", "about 12,000 posts".
 * `noun` is the singular; the plural adds an s.
 */
export function countOf(count: number, noun: string, accuracy: CountAccuracy = 'exact'): string {
  const shown = shownCount(count, accuracy);
  const number = `${accuracy === 'estimated' ? 'about ' : ''}${formatCount(shown)}`;
  return `${number} ${shown === 1 ? noun : `${noun}s`}`;
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
