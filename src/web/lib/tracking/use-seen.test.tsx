// @vitest-environment happy-dom
import { act, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEEN_AFTER_MS, useSeen } from './use-seen';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An IntersectionObserver the test moves: `show(true)` puts the card in view, `show(false)` takes it out. */
let report: (visible: boolean) => void = () => undefined;
class FakeObserver {
  constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
    report = (visible) => callback([{ isIntersecting: visible }]);
  }
  observe() {}
  disconnect() {}
}

function Card({ onSeen }: { onSeen: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useSeen(ref, onSeen);
  return <div ref={ref}>card</div>;
}

describe('a card seen (spec §9: after 2 seconds in view)', () => {
  const onSeen = vi.fn();
  let unmount = () => {};
  beforeEach(async () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    onSeen.mockClear();
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Card onSeen={onSeen} />));
    unmount = () => act(() => root.unmount());
  });
  afterEach(() => {
    unmount();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('counts once the card has stayed in view 2 seconds, and once only', () => {
    expect(SEEN_AFTER_MS).toBe(2000);
    report(true);
    vi.advanceTimersByTime(1_999);
    expect(onSeen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSeen).toHaveBeenCalledTimes(1);
    report(true);
    vi.advanceTimersByTime(5_000);
    expect(onSeen).toHaveBeenCalledTimes(1);
  });

  it('starts again when the card leaves view before then', () => {
    report(true);
    vi.advanceTimersByTime(1_500);
    report(false);
    report(true);
    vi.advanceTimersByTime(1_500);
    expect(onSeen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(onSeen).toHaveBeenCalledTimes(1);
  });
});
