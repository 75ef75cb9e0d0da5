import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** The text with its first letter in capitals, to start a sentence ('about 120 posts…' -> 'About 120 posts…'). */
export const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
