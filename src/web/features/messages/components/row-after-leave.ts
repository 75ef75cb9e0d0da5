/**
 * Which row takes the focus back to the list from the conversation `left` (paths of threadPath):
 * its own row; gone with its member (0152), the row that took its place, else the last one (the
 * first, for a new conversation that had no row); null when no row is left (the empty inbox's
 * heading takes it). `before` is the list as it was last shown.
 */
export function rowAfterLeave(before: readonly string[], now: readonly string[], left: string): string | null {
  if (now.includes(left)) return left;
  const next = before.slice(before.indexOf(left) + 1).find((path) => now.includes(path));
  return next ?? now.at(-1) ?? null;
}
