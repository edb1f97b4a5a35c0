import { z } from 'zod';

/**
 * Pieces of the shop's form schemas. Messages are translation keys, translated where shown:
 * `e-commerce:` for the shop's own, the common namespace's auth messages for lengths and
 * e-mail format (SPEC section 5: 'Minimum 3 symbols', 'Maximum 50 symbols', 'Wrong email
 * format').
 */
export const message = (key: string) => `e-commerce:VALIDATION.${key}`;

export const requiredText = (key: string) =>
  z
    .string()
    .trim()
    .min(1, { error: message(key) });

/** Required, then 3 to 50 characters (the template's name rule). */
export const boundedText = (key: string) =>
  requiredText(key).pipe(
    z
      .string()
      .min(3, { error: 'AUTH.VALIDATION.MIN_SYMBOLS' })
      .max(50, { error: 'AUTH.VALIDATION.MAX_SYMBOLS' }),
  );

/** A whole number typed into a text box, within bounds. */
export const wholeNumber = (key: string, min: number, max: number) =>
  requiredText(key)
    .transform(Number)
    .pipe(
      z
        .number({ error: message(key) })
        .int({ error: message(key) })
        .min(min, { error: message(key) })
        .max(max, { error: message(key) }),
    );

/** A select's value ('0', '1'…) as the number it codes, one of `values`. */
export const codedNumber = <const T extends readonly number[]>(values: T) =>
  z.string().transform(Number).pipe(z.literal(values));
