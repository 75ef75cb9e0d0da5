import { createContext, use, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/auth';
import { meQueryOptions } from '../api/get-me';

interface AuthState {
  /** null for a guest, and while the first check is still running. */
  user: PublicUser | null;
  /** True until the first current-user check has answered (spec §4 Auth starts loading). */
  isLoading: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending } = useQuery(meQueryOptions());
  return <AuthContext value={{ user: data ?? null, isLoading: isPending }}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error('useAuth must be used inside an AuthProvider');
  return state;
}
