import { lazy, type ComponentType } from 'react';

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * React.lazy for a named export: `lazyNamed(() => import('./dialog'), 'Dialog')`. The module lands in
 * its own chunk, so the first screen does not download it (docs/decisions/0040). `preload()` starts
 * the download early, e.g. when the pointer reaches the button that needs it.
 */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  const component = lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<M[K]>> }));
  return Object.assign(component, { preload: () => void load() });
}
