import { describe, expect, it } from 'vitest';
import { reportedText } from './reports';
import { endSentence } from './time';

describe('a sentence that ends with a time (0150)', () => {
  const evening = new Date('2026-12-08T02:07:00Z');
  const time = (locale: string) => evening.toLocaleString(locale, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone: 'America/Toronto' });

  it("takes one full stop whether the time ends with one ('p.m.' in Canada) or not ('PM')", () => {
    expect(endSentence(`Your free access runs until ${time('en-CA')}`)).toBe('Your free access runs until Mon 9:07 p.m.');
    expect(endSentence(`Your free access runs until ${time('en-US')}`)).toBe('Your free access runs until Mon 9:07 PM.');
  });

  it('ends a report’s thanks so', () => {
    expect(reportedText('Plums', 'Dec 7, 2026, 9:07 p.m.')).toBe('You reported “Plums” on Dec 7, 2026, 9:07 p.m. Thank you: an admin will look at it.');
    expect(reportedText('Plums', 'Dec 7, 2026, 9:07 PM')).toBe('You reported “Plums” on Dec 7, 2026, 9:07 PM. Thank you: an admin will look at it.');
  });
});
