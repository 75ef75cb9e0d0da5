import { vi } from 'vitest';

/** A page whose head holds these meta tags (by name), as far as `document.querySelector` finds them. */
export function stubHead(metas: Record<string, string>) {
  vi.stubGlobal('document', {
    querySelector: (selector: string) => {
      const name = /^meta\[name="([^"]+)"\]$/.exec(selector)?.[1];
      return name !== undefined && name in metas ? { content: metas[name] } : null;
    },
  });
}
