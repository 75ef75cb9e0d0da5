// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { escapeHandedTo, leaveEscapeToDialog } from './escape';

/** Escape pressed on `target`, as a toast's DismissableLayer hands it to onEscapeKeyDown. */
function escapeOn(target: Element): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true, bubbles: true });
  target.dispatchEvent(event);
  return event;
}

describe('Escape under a toast', () => {
  document.body.innerHTML = `
    <div data-escape-taker="" id="outer"><textarea id="field"></textarea>
      <div data-escape-taker="" id="inner"><button id="inner-button"></button></div>
    </div>
    <button id="page-button"></button>
    <ol data-toast-viewport=""><li><button id="toast-close"></button></li></ol>`;
  const byId = (id: string) => document.getElementById(id)!;

  it('is left to the dialog it was pressed in: the toast stays, the innermost dialog closes', () => {
    const event = escapeOn(byId('field'));
    leaveEscapeToDialog(event);
    expect(event.defaultPrevented).toBe(true);
    expect(escapeHandedTo(event, byId('outer'))).toBe(true);

    const nested = escapeOn(byId('inner-button'));
    leaveEscapeToDialog(nested);
    expect(escapeHandedTo(nested, byId('inner'))).toBe(true);
    expect(escapeHandedTo(nested, byId('outer'))).toBe(false);
  });

  it('closes the toast when pressed in it, or with no dialog around', () => {
    for (const id of ['toast-close', 'page-button']) {
      const event = escapeOn(byId(id));
      leaveEscapeToDialog(event);
      expect(event.defaultPrevented, id).toBe(false);
      expect(escapeHandedTo(event, byId('outer')), id).toBe(false);
    }
  });
});
