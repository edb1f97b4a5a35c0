/** The shell's slide-in panels, one chunk fetched on first use. */
export { MobileMenu } from './mobile-menu';
export { QuickPanel } from './quick-panel';
export { UserPanel } from './user-panel';
