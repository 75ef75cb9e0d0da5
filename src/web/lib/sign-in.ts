import { useLocation } from 'react-router';

/** /login or /register ?redirect=…: signed in, the guest comes back to `here` (a path with its query). */
const withReturn = (page: '/login' | '/register', here: string): string => `${page}?${new URLSearchParams({ redirect: here })}`;

/** This page as it is now, filters and all. */
function useHere(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** The sign-in path back to this page as it is now. */
export const useSignInPath = (): string => withReturn('/login', useHere());

/** The way to the free trial that comes back to this page (a local page's offer, docs/decisions/0132). */
export const useRegisterPath = (): string => withReturn('/register', useHere());
