import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyPage<P extends object = object> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts fetching the page's chunk (the boot does it for the first page). */
  preload: () => Promise<unknown>;
  /** The i18next namespace of the page's strings (its feature's), if it has its own. */
  namespace?: string;
}

/**
 * A page in its own chunk, from a module's named export. Once its chunk is loaded the page
 * renders without suspending: React accepts any thenable from a lazy factory and reads one that
 * settles synchronously at once, which spares the first screen a fallback and React's 300 ms
 * pause before revealing suspended content.
 */
export function lazyPage<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  namespace?: string,
): LazyPage<M[K] extends ComponentType<infer P> ? P & object : object> {
  type P = M[K] extends ComponentType<infer Props> ? Props & object : object;
  type Loaded = { default: ComponentType<P> };
  let loading: Promise<M> | undefined;
  let loaded: Loaded | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = { default: module[name] as unknown as ComponentType<P> };
      return module;
    }));
  const Component = lazy(() => {
    if (loaded) {
      const ready = loaded;
      // A thenable that settles synchronously: React reads it before checking the status.
      const settled = { then: (resolve: (value: Loaded) => void) => resolve(ready) };
      return settled as unknown as Promise<Loaded>;
    }
    return preload().then(() => loaded as Loaded);
  });
  return { Component, preload, namespace };
}
