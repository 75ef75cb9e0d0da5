import { useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PublicUser } from '../../../../domain/auth';
import { toast, type ToastOptions } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api';
import { expectMove, startAfresh } from '../../../lib/fresh-start';
import { tellOtherTabs } from '../../../lib/other-tabs';
import { memberInTab } from '../../../lib/session';

/** The fields both forms have; the password's autocomplete (current or new) and hint are each form's own. */
export const AUTH_FIELDS = {
  email: {
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    placeholder: 'you@example.com',
  },
  password: { label: 'Password', type: 'password' },
} as const;

interface AuthToasts {
  /** The toast's title once signed in (spec §2 Login, Register), or the toast for the member signed in. */
  success: string | ToastOptions | ((user: PublicUser) => ToastOptions);
  /** The destructive toast's title on failure; its text is the server's message or 'Please try again' (spec §8). */
  failure: string;
}

/** After a failure: puts the focus on the field to correct, its text selected, not on the page (0133). */
type Retry = () => void;

/**
 * The login and register forms' submit: sends the valid values with `mutation`, then shows the
 * success toast and goes to `to` (the redirect), or shows the failure toast and hands the focus to
 * the field to correct (the button, disabled while sending, had dropped it to the page). Signed in
 * over another member this tab showed, it goes there as a new document, keeping nothing of theirs
 * (0113).
 */
export function useAuthSubmit<TValues>(
  mutation: Pick<UseMutationResult<PublicUser, Error, TValues>, 'mutate'>,
  toasts: AuthToasts,
  to: string,
  retry: Retry,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (values: TValues) => {
    const before = memberInTab(queryClient);
    // Until the answer, the old session ending (its socket closed) does not reload the page.
    expectMove(before !== null);
    mutation.mutate(values, {
      onSuccess: (user) => {
        tellOtherTabs();
        const { success: given } = toasts;
        const success = typeof given === 'string' ? { title: given } : typeof given === 'function' ? given(user) : given;
        if (before !== null && before !== user.id) return startAfresh(to, { toast: success, replace: true });
        expectMove(false);
        toast(success);
        void navigate(to, { replace: true });
      },
      onError: (error) => {
        expectMove(false);
        toast({
          variant: 'destructive',
          title: toasts.failure,
          description: serverMessage(error) ?? 'Please try again',
        });
        retry();
      },
    });
  };
}
