/** `url` with its cursor replaced: the target of `Link: <…>; rel="next"` of a paged list. */
export function nextLink(url: string, cursor: string): string {
  const next = new URL(url, 'http://local');
  next.searchParams.set('cursor', cursor);
  return `${next.pathname}${next.search}`;
}
