import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../../domain/notifications';
import { NotificationList } from './notification-item';

const HOUR_MS = 60 * 60 * 1000;

const comment = (id: string, agoMs: number): Notification => ({
  id,
  type: 'new_comment',
  data: { commenterUsername: 'Ann', postTitle: 'Pears', postId: 'p1', commentId: `c${id}` },
  createdAt: new Date(Date.now() - agoMs).toISOString(),
  read: false,
});

describe('a notification in the list (spec §4)', () => {
  it("tells its age as a phrase with a suffix: 'about 1 hour ago'", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <NotificationList items={[comment('1', HOUR_MS), comment('2', 10_000), comment('3', 3 * 24 * HOUR_MS)]} selfId="u1" onOpen={() => undefined} />
      </MemoryRouter>,
    );
    const ages = [...html.matchAll(/<time[^>]*>([^<]*)<\/time>/g)].map((m) => m[1]);
    expect(ages).toEqual(['about 1 hour ago', 'less than a minute ago', '3 days ago']);
  });
});

describe('where a notification leads (DECISIONS 15)', () => {
  it("opens the rated member's own profile for a rating, not the rater's (docs/decisions/0131)", () => {
    const rating: Notification = {
      id: 'r1',
      type: 'new_rating',
      data: { raterUserId: 'rater', raterUsername: 'Ann', rating: 4 },
      createdAt: new Date().toISOString(),
      read: false,
    };
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <NotificationList items={[rating, comment('2', 0)]} selfId="u1" onOpen={() => undefined} />
      </MemoryRouter>,
    );
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'))).toEqual(['/?member=u1', '/?post=p1&comments=1']);
  });
});
