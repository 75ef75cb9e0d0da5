/**
 * A count with its noun, for screens and screen readers: "1 post", "2 posts", "1,000+ posts"
 * (a capped count is always plural). `noun` is the singular; the plural adds an s.
 */
export function countOf(count: number, noun: string, capped = false): string {
  return `${count.toLocaleString('en-US')}${capped ? '+' : ''} ${count === 1 && !capped ? noun : `${noun}s`}`;
}
