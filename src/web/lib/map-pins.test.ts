// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { pinIcon } from './map-pins';

const fillOf = (colour: Parameters<typeof pinIcon>[0]) => /<path[^>]* fill="([^"]+)"/.exec(String(pinIcon(colour).options.html))?.[1];

describe('map pins (spec §2 Map view, §9 Map)', () => {
  it('marks posts with 25x41 pins, green for fruit and grey for the other types', () => {
    for (const colour of ['fruit', 'other'] as const) {
      expect(pinIcon(colour).options.iconSize).toEqual([25, 41]);
      expect(pinIcon(colour).options.html).toContain('width="25" height="41"');
    }
    expect(fillOf('fruit')).toBe('#1a7444');
    expect(fillOf('other')).toBe('#6b7280');
  });
});
