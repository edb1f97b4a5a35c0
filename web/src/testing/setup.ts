import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fakeMatchMedia } from './match-media';

// findBy/waitFor give up after 1 s by default, too soon on a loaded two-core CI machine.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs; the app only needs them to exist.
window.scrollTo = () => {};
window.matchMedia ??= fakeMatchMedia(() => false);
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
