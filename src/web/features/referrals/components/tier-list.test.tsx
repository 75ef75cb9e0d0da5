import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TierList } from './tier-list';

describe('TierList', () => {
  it('names the next tier’s progress with the singular for one friend', () => {
    expect(renderToStaticMarkup(<TierList qualified={0} />)).toContain('aria-label="0 of 1 friend for +7 days"');
    expect(renderToStaticMarkup(<TierList qualified={2} />)).toContain('aria-label="2 of 3 friends for +1 month"');
  });
});
