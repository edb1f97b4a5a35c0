/**
 * Business constants, in one place (docs/product.md#limits-and-timers). Times in ms, lengths
 * in px.
 */

export const PAGE_SIZE_OPTIONS = [3, 5, 10] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Invoice and notification-history pages hold this many rows. */
export const FIXED_PAGE_SIZE = 10;

export { TIME_ZONE } from '@contracts/time-zone';
export const DATE_LOCALE = 'en-US';

export const AUTH_FIELD_MIN = 3;
export const AUTH_FIELD_MAX = 50;

export const QUICK_SEARCH_MIN_CHARS = 3;
export const QUICK_SEARCH_DELAY_MS = 500;
/** The demo shop's search is sent once typing has paused this long. */
export const SHOP_SEARCH_SETTLE_MS = 300;
/** The demo shop's in-page mock endpoints answer after this delay. */
export const SHOP_MOCK_DELAY_MS = 300;

export const COPY_RESET_MS = 2000;
export const ROUTE_PROGRESS_STEP = 10;
export const ROUTE_PROGRESS_INTERVAL_MS = 30;
export const SPLASH_MAX_MS = 3000;

export const INCOMING_PUSH_TOAST_MS = 9000;
/** How long a delete can be undone before its request is sent. */
export const UNDO_DELETE_MS = 5000;
export const ALERT_SOUND_MAX_MS = 5000;

export const GROUP_AVATAR_STACK_MAX = 4;
export const VIDEO_COVER_AT_S = 1.5;
export const VIDEO_COVER_JPEG_QUALITY = 0.75;
export const FILE_NAME_DISPLAY_MAX = 20;

export const RESIZE_THROTTLE_MS = 200;
export const ACCORDION_SLIDE_MS = 200;
export const DROPDOWN_HOVER_CLOSE_MS = 500;
/* The template's custom scrollbar (thumb 40 to 300 px, wheel speed 0.5) has no constant here:
 * we keep native scrollbars, which size their thumb and speed themselves, and style them thin. */
export const SCROLL_TOP_OFFSET = 300;
export const SCROLL_TOP_THROTTLE_MS = 200;
/** Pixels per second of the animated scroll back to the top. */
export const SCROLL_TOP_SPEED = 6000;
export const STICKY_HEADER_OFFSET = 300;
export const STICKY_HEADER_Z_INDEX = 101;
/* The template's card collapse (400 ms) has no constant either: no card in this app folds. */

/** Asking for the push token never holds up sign-in longer than this. */
export const PUSH_TOKEN_TIMEOUT_MS = 3000;
