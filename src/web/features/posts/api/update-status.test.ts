import { describe, expect, it } from 'vitest';
import { isUnchangedStatus, notesForStatus, statusUpdatedToast } from './update-status';

describe('the toast after a status update (spec §8)', () => {
  it("says the new status as the card's badge shows it", () => {
    expect(statusUpdatedToast({ title: 'Italian plums, two bags', status: 'limited' })).toEqual({
      title: 'Status Updated',
      description: 'Italian plums, two bags is now Limited.',
    });
    expect(statusUpdatedToast({ title: 'Split maple', status: 'unavailable' }).description).toBe('Split maple is now Unavailable.');
  });
});

describe('the Update Status dialog with nothing to change (spec §4)', () => {
  const post = { status: 'limited', statusNotes: 'Two bags left' };

  it('closes without a call for the same status with the notes it opened with, spaces aside', () => {
    expect(isUnchangedStatus(post, 'limited', 'Two bags left')).toBe(true);
    expect(isUnchangedStatus(post, 'limited', '  Two bags left ')).toBe(true);
    expect(isUnchangedStatus({ status: 'available', statusNotes: null }, 'available', '  ')).toBe(true);
  });

  it('sends a new status, new notes, and notes emptied', () => {
    expect(isUnchangedStatus(post, 'unavailable', 'Two bags left')).toBe(false);
    expect(isUnchangedStatus(post, 'limited', 'One bag left')).toBe(false);
    expect(isUnchangedStatus(post, 'limited', '')).toBe(false);
  });
});

describe('the notes once another status is picked', () => {
  const post = { status: 'limited', statusNotes: 'Only the top branches left' };

  it("empties the saved status's notes for another status, and brings them back with it", () => {
    expect(notesForStatus(post, 'unavailable', 'Only the top branches left')).toBe('');
    expect(notesForStatus(post, 'limited', '')).toBe('Only the top branches left');
  });

  it('keeps notes the owner wrote in the dialog', () => {
    expect(notesForStatus(post, 'unavailable', 'All picked, thanks!')).toBe('All picked, thanks!');
    expect(notesForStatus(post, 'limited', 'One bag left')).toBe('One bag left');
    expect(notesForStatus({ status: 'available', statusNotes: null }, 'limited', '')).toBe('');
  });
});
