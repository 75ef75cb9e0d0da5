import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { suspendedUntilSentence } from '../../../../domain/suspension';
import { UploadButton } from './home-controls';

/** The Upload button of spec §2 Home, as the browser gets it. */
describe('UploadButton', () => {
  it('is a plain button for whoever may post', () => {
    const html = renderToStaticMarkup(<UploadButton onClick={() => undefined} />);
    expect(html).toContain('Upload FREE (No Signup)');
    expect(html).not.toContain('aria-disabled=');
    expect(html).not.toContain('aria-describedby=');
  });

  it('shows a suspended member it is off, and says why beneath, tied to it for screen readers', () => {
    const why = suspendedUntilSentence(new Date('2026-12-06T07:12:00Z'));
    expect(why).toBe('Your account is suspended until Dec 6, 2026, 7:12 AM UTC.');
    const html = renderToStaticMarkup(<UploadButton onClick={() => undefined} blocked={why} />);
    const button = /<button[^>]*>/.exec(html)?.[0] ?? '';
    expect(button).toContain('aria-disabled="true"');
    // Still focusable and pressable (its press answers with a toast): not the disabled attribute.
    expect(button).not.toMatch(/\sdisabled=/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(button)?.[1];
    expect(html).toContain(`<p id="${describedBy}"`);
    expect(html).toContain(`>${why}</p>`);
  });
});
