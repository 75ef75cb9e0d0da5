import { useSyncExternalStore } from 'react';
import { TOAST } from '../../../domain/limits';

export interface ToastOptions {
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive';
  /** A link the toast offers (its one next step), e.g. Sign In. */
  action?: { label: string; to: string } | undefined;
}

interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

/** One store for the whole page, so any code (not only components) can raise a toast. */
let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function publish(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; only TOAST.limit are kept, so a new one replaces the one on screen (spec §9). */
export function toast(options: ToastOptions): string {
  counter += 1;
  const id = String(counter);
  publish([{ ...options, id, open: true }, ...toasts].slice(0, TOAST.limit));
  return id;
}

/** Closes a toast, then drops it after the spec's removal delay (its exit animation has long ended). */
export function dismissToast(id: string): void {
  publish(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => publish(toasts.filter((t) => t.id !== id)), TOAST.removeDelayMs);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NONE: ToastItem[] = [];

/** The toasts; none in prerendered HTML and while the page hydrates (docs/decisions/0088). */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts, () => NONE);
}
