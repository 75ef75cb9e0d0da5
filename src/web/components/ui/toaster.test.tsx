// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOAST, TOOLTIP } from '../../../domain/limits';
import { Toaster } from './toaster';
import { toast } from './use-toast';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const shown = () => [...document.querySelectorAll('[data-toast-viewport] li')].map((li) => li.textContent);

describe('the toasts (spec §8, §9)', () => {
  const container = document.createElement('div');
  const root = createRoot(container);
  beforeAll(async () => {
    vi.useFakeTimers();
    document.body.append(container);
    await act(async () => root.render(<MemoryRouter><Toaster /></MemoryRouter>));
  });
  afterAll(() => {
    act(() => root.unmount());
    vi.useRealTimers();
  });

  it('shows one at a time, each for 5 seconds', async () => {
    await act(async () => void toast({ title: 'First' }));
    await act(async () => void toast({ title: 'Second' }));
    expect(shown()).toEqual(['Second']);
    await act(async () => void vi.advanceTimersByTime(4_900));
    expect(shown()).toEqual(['Second']);
    await act(async () => void vi.advanceTimersByTime(200));
    expect(shown()).toEqual([]);
  });

  it('keeps a hyphenated count on one line, its text unchanged (0145)', async () => {
    const text = 'Your account has been created with a 7-day free trial.';
    await act(async () => void toast({ title: text, description: 'A 24-hour pass, then 3 more.' }));
    const toastItem = document.querySelector('[data-toast-viewport] li')!;
    expect(toastItem.textContent).toContain(text);
    expect([...toastItem.querySelectorAll('span.whitespace-nowrap')].map((s) => s.textContent)).toEqual(['7-day', '24-hour']);
    await act(async () => void vi.advanceTimersByTime(5_100));
  });

  it('keeps its region at most 420px wide from medium screens, focused with F8', () => {
    const viewport = document.querySelector('[data-toast-viewport]')!;
    expect(viewport.className).toContain('md:max-w-[420px]');
    expect(viewport.closest('[aria-label]')?.getAttribute('aria-label')).toBe('Notifications (F8)');
  });

  it('keeps the rest of spec §9: swipe right past 50 px, removal after 1000000 ms; tooltips after 700 ms, 300 ms between', () => {
    expect(TOAST).toEqual({ limit: 1, durationMs: 5000, removeDelayMs: 1_000_000, swipeThresholdPx: 50 });
    expect(TOOLTIP).toEqual({ openDelayMs: 700, skipDelayMs: 300 });
  });
});
