/** A moment as the screens write it (access, the audit log): 'Dec 13, 2026, 9:14 PM', in the viewer's own time. */
export const whenText = (date: Date) => date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
