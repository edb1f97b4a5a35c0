import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyPage<P extends object = object> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts fetching the page's chunk (the boot does it for the first page). */
  preload: () => Promise<unknown>;
}

/** A page in its own chunk, from a module's named export. */
export function lazyPage<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyPage<M[K] extends ComponentType<infer P> ? P & object : object> {
  type P = M[K] extends ComponentType<infer Props> ? Props & object : object;
  let loading: Promise<M> | undefined;
  const preload = () => (loading ??= load());
  const Component = lazy(async () => {
    const module = await preload();
    return { default: module[name] as unknown as ComponentType<P> };
  });
  return { Component, preload };
}
