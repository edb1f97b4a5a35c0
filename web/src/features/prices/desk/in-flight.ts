/** The upstream API takes at most this many of the desk's requests at once. */
export const IN_FLIGHT = 4;
