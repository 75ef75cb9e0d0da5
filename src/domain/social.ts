/**
 * The product's own Instagram account, which the share menu offers to follow (spec §2, dialog 7).
 * The spec names no account, so none is assumed: set the handle (with or without '@') when the
 * product has one, and rebuild. While it is empty the follow link is left out (docs/decisions/0046).
 */
export const PRODUCT_INSTAGRAM_HANDLE: string = '';

/** Instagram usernames: letters, digits, '.' and '_', at most 30. */
const INSTAGRAM_HANDLE = /^[A-Za-z0-9._]{1,30}$/;

/** The profile address for a handle, or null when the handle is empty or not a possible username. */
export function instagramProfileUrl(handle: string): string | null {
  const name = handle.trim().replace(/^@/, '');
  return INSTAGRAM_HANDLE.test(name) ? `https://www.instagram.com/${name}/` : null;
}
