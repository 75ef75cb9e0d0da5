/**
 * The age of a comment or message (spec §4 Comment age display): under a minute 'Just now', then
 * 'Nm ago' under an hour, 'Nh ago' under a day, 'Nd ago' under a week, else the local date.
 */
export function timeAgo(then: Date | string, now: Date = new Date(), locale?: string): string {
  const at = typeof then === 'string' ? new Date(then) : then;
  const seconds = Math.max(0, (now.getTime() - at.getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  return at.toLocaleDateString(locale);
}

/**
 * A sentence ending with a time or date as the device writes it: '… until Tue 9:07 p.m.' (in
 * Canada) takes no second full stop.
 */
export const endSentence = (text: string): string => (text.endsWith('.') ? text : `${text}.`);
