import { useLocation } from 'react-router';

/** /login?redirect=…: signed in, the guest comes back to `here` (a path with its query). */
const signInPath = (here: string): string => `/login?${new URLSearchParams({ redirect: here })}`;

/** The sign-in path back to this page as it is now, filters and all. */
export function useSignInPath(): string {
  const { pathname, search } = useLocation();
  return signInPath(`${pathname}${search}`);
}
