import { describe, expect, it } from 'vitest';
import { createMailStopLinks } from './stop-link';

const SECRET = 'a session secret of at least thirty-two characters';
const ANN = '3f2b7c1e-8a4d-4e6f-9b0a-1c2d3e4f5a6b';
const BOB = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;

describe('the link that stops message mail (docs/decisions/0138)', () => {
  const links = createMailStopLinks(SECRET);

  it('is the page for a person and the API for a mail program, both for the same member and signature', () => {
    const page = links.page('https://fruit.example.org', ANN);
    expect(page).toMatch(new RegExp(`^https://fruit\\.example\\.org/mail/stop\\?u=${ANN}&t=[\\w-]{43}$`));
    const headers = links.headers('https://fruit.example.org', ANN);
    expect(headers['List-Unsubscribe']).toBe(`<${page.replace('/mail/stop', '/api/mail/stop')}>`);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('holds for its member only, under the secret it was signed with', () => {
    const token = tokenOf(links.page('https://x.example', ANN));
    expect(links.verify(ANN, token)).toBe(true);
    expect(links.verify(BOB, token)).toBe(false);
    expect(createMailStopLinks(`${SECRET}, another`).verify(ANN, token)).toBe(false);
    expect(links.verify(ANN, token.slice(1))).toBe(false);
    expect(links.verify(ANN, '')).toBe(false);
  });
});
