import { describe, expect, it } from 'vitest';
import { statusUpdatedToast } from './update-status';

describe('the toast after a status update (spec §8)', () => {
  it("says the new status as the card's badge shows it", () => {
    expect(statusUpdatedToast({ title: 'Italian plums, two bags', status: 'limited' })).toEqual({
      title: 'Status Updated',
      description: 'Italian plums, two bags is now Limited.',
    });
    expect(statusUpdatedToast({ title: 'Split maple', status: 'unavailable' }).description).toBe('Split maple is now Unavailable.');
  });
});
