/**
 * The product's zone, whatever the browser's: prices are for days in Los Angeles, a later send
 * is chosen there, and every date the screens show is written there. A module of its own so
 * that the sign-in page can read it without the zone arithmetic.
 */
export const TIME_ZONE = 'America/Los_Angeles';
