import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationKeys } from '../../notifications';
import { dropConversationsWith, forgetMember } from './member-left';
import { messageKeys } from './message-keys';

const ME = 'me';
const page = { pages: [{ messages: [], next: null }], pageParams: ['/first'] };

describe('a member who closed their account, found by a message refused (docs/decisions/0152)', () => {
  it('asks the inbox and the bell again, and forgets the conversations with them that no screen shows', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(messageKeys.threads(ME), []);
    client.setQueryData(notificationKeys.recent(ME), { items: [] });
    for (const key of [
      messageKeys.thread(ME, 'rita', null),
      messageKeys.thread(ME, 'rita', 'p1'),
      messageKeys.thread(ME, 'rita', 'p2'),
      messageKeys.thread(ME, 'cal', null),
    ])
      client.setQueryData(key, page);
    // The conversation on screen: its screen closes it first.
    const shown = new QueryObserver(client, { queryKey: messageKeys.thread(ME, 'rita', 'p2'), queryFn: () => page });
    const unsubscribe = shown.subscribe(() => undefined);

    forgetMember(client, ME, 'rita');
    expect(client.getQueryState(messageKeys.threads(ME))?.isInvalidated).toBe(true);
    expect(client.getQueryState(notificationKeys.recent(ME))?.isInvalidated).toBe(true);
    expect(client.getQueryData(messageKeys.thread(ME, 'rita', null))).toBeUndefined();
    expect(client.getQueryData(messageKeys.thread(ME, 'rita', 'p1'))).toBeUndefined();
    expect(client.getQueryData(messageKeys.thread(ME, 'rita', 'p2'))).toEqual(page);
    expect(client.getQueryData(messageKeys.thread(ME, 'cal', null))).toEqual(page);

    // Closed, it is forgotten too: a way back to it asks the server, which says it was not found (0131).
    unsubscribe();
    dropConversationsWith(client, ME, 'rita');
    expect(client.getQueryData(messageKeys.thread(ME, 'rita', 'p2'))).toBeUndefined();
    expect(client.getQueryData(messageKeys.thread(ME, 'cal', null))).toEqual(page);
  });
});
