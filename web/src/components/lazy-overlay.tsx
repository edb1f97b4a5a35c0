import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code is fetched the first time it opens (then it stays mounted so it can
 * animate and keep its state). List pages show their delete and confirm dialogs rarely; this
 * keeps the dialog library out of their first download.
 */
export function lazyOverlay<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Content = lazy(async () => ({ default: await load() }));
  return function LazyOverlay(props: P) {
    const [used, setUsed] = useState(props.open);
    if (props.open && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Content {...props} />
      </Suspense>
    );
  };
}
