import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Plugin } from 'vite';
import config from '../vite.config';

/** The page `npm run dev`'s Vite serves, through the config's own plugin (docs/decisions/0121). */
function servedPage(html: string): string {
  const plugin = (config.plugins ?? []).flat().find((p): p is Plugin => !!p && typeof p === 'object' && 'name' in p && p.name === 'default-origin');
  if (!plugin || typeof plugin.transformIndexHtml !== 'function') throw new Error('vite.config.ts has no default-origin plugin');
  expect(plugin.apply).toBe('serve');
  return (plugin.transformIndexHtml as (html: string) => string)(html);
}

describe('npm run dev: the default origin in the page Vite serves', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('writes DEFAULT_ORIGIN and DEFAULT_ORIGIN_NAME into the head, as the server does', () => {
    vi.stubEnv('DEFAULT_ORIGIN', '49.2827,-123.1207');
    vi.stubEnv('DEFAULT_ORIGIN_NAME', 'downtown <Vancouver>');
    const html = servedPage('<html><head><title>t</title></head><body></body></html>');
    expect(html).toContain('<meta name="app:default-origin" content="49.2827,-123.1207" />');
    expect(html).toContain('<meta name="app:default-origin-name" content="downtown &lt;Vancouver&gt;" />');
    expect(html.indexOf('app:default-origin')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<title>t</title>');
  });

  it('names downtown Toronto without the settings', () => {
    vi.stubEnv('DEFAULT_ORIGIN', '');
    vi.stubEnv('DEFAULT_ORIGIN_NAME', '');
    expect(servedPage('<head></head>')).toContain('<meta name="app:default-origin-name" content="downtown Toronto" />');
  });
});
