/**
 * The tabs of one browser share its cookie, so a sign-in or a registration in one changes the
 * session of all of them. A member's tabs hear of most changes on their live socket, but a guest's
 * tab has no socket. So the tab that signs in tells the others on a BroadcastChannel, and they ask
 * the session again. Before, a guest's second tab stayed a guest and offered the new member the
 * posting fee (0147).
 */
const CHANNEL = 'ffs-session';

/** This tab, which hears its own news too (every other channel object of the name gets it) and leaves it. */
const THIS_TAB = Math.random().toString(36).slice(2);

/** Tells this browser's other tabs that the session changed. */
export function tellOtherTabs(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(THIS_TAB);
  channel.close();
}

/** Calls `changed` when another tab of this browser says the session changed; returns the stop. */
export function hearOtherTabs(changed: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if (event.data !== THIS_TAB) changed();
  };
  return () => channel.close();
}
