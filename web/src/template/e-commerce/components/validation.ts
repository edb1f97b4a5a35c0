import * as z from 'zod/mini';

/**
 * Pieces of the shop's form schemas. Messages are translation keys, translated where shown:
 * `e-commerce:` for the shop's own, the common namespace's auth messages for lengths and
 * e-mail format ('Minimum 3 symbols', 'Maximum 50 symbols', 'Wrong email
 * format').
 */
export const message = (key: string) => `e-commerce:VALIDATION.${key}`;

export const requiredText = (key: string) =>
  z.string().check(z.trim(), z.minLength(1, { error: message(key) }));

/** Required, then 3 to 50 characters (the template's name rule). */
export const boundedText = (key: string) =>
  z.pipe(
    requiredText(key),
    z
      .string()
      .check(
        z.minLength(3, { error: 'AUTH.VALIDATION.MIN_SYMBOLS' }),
        z.maxLength(50, { error: 'AUTH.VALIDATION.MAX_SYMBOLS' }),
      ),
  );

/** A whole number typed into a text box, within bounds. */
export const wholeNumber = (key: string, min: number, max: number) =>
  z.pipe(
    z.pipe(requiredText(key), z.transform(Number)),
    z
      .int({ error: message(key) })
      .check(z.gte(min, { error: message(key) }), z.lte(max, { error: message(key) })),
  );

/** A select's value ('0', '1'…) as the number it codes, one of `values`. */
export const codedNumber = <const T extends readonly number[]>(values: T) =>
  z.pipe(z.pipe(z.string(), z.transform(Number)), z.literal(values));
