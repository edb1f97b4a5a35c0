import * as z from 'zod/mini';
import { LIMITS } from '@contracts/realtime';

/**
 * One schema per form, used by the form (zodResolver) and the request. Messages are translation
 * keys: the product's shared words live in the common namespace (MESSAGES.*), the rest in ours.
 */

export const GROUP_NAME_MAX = 255;
export const GROUP_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const GROUP_IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

const isGroupImage = (file: File) =>
  (GROUP_IMAGE_TYPES as readonly string[]).includes(file.type) || /\.(png|jpe?g)$/i.test(file.name);

const image = z.nullable(z.instanceof(File)).check(
  z.refine((file) => file === null || isGroupImage(file), {
    error: 'groups:VALIDATION.IMAGE_TYPE',
  }),
);

const name = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'MESSAGES.GROUP_NAME_REQUIRED' }),
    z.maxLength(GROUP_NAME_MAX, { error: 'groups:VALIDATION.NAME_MAX' }),
  );

/** New Group: name and image required ('Group name is required', 'Please Select Image'). */
export const createGroupSchema = z.object({
  name,
  image: image.check(z.refine((file) => file !== null, { error: 'MESSAGES.SELECT_IMAGE' })),
});

/** Edit: the name is required, a new image optional. */
export const editGroupSchema = z.object({ name, image });

export type GroupFormInput = z.input<typeof editGroupSchema>;

const title = (required: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: required }),
      z.maxLength(LIMITS.alertTitle, { error: 'groups:VALIDATION.TITLE_MAX' }),
    );
const description = (required: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: required }),
      z.maxLength(LIMITS.alertDescription, { error: 'groups:VALIDATION.DESCRIPTION_MAX' }),
    );

/** Send Notification to a group: title and description required (the original did not check). */
export const groupNotificationSchema = z.object({
  title: title('MESSAGES.TITLE_REQUIRED'),
  description: description('MESSAGES.DESCRIPTION_REQUIRED'),
});
export type GroupNotificationInput = z.input<typeof groupNotificationSchema>;

/** An absolute http(s) address with a host, as the API checks a report's link. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Under each empty field of Send Invoice; the form as a whole says 'Please Enter All Fields'. */
export const INVOICE_FIELD_REQUIRED = 'AUTH.VALIDATION.REQUIRED_FIELD';

/**
 * Send Invoice: every field required ('Please Enter All Fields'). The link is the report's
 * `url`, which the API wants as an http(s) address; title and description also become the
 * members' notification, so they keep to the alert's limits.
 */
export const groupInvoiceSchema = z.object({
  title: title(INVOICE_FIELD_REQUIRED),
  description: description(INVOICE_FIELD_REQUIRED),
  // Optional, as a single user's invoice: '' is no link.
  url: z.string().check(
    z.trim(),
    z.maxLength(LIMITS.url, { error: 'groups:VALIDATION.URL' }),
    z.refine((url) => url === '' || isHttpUrl(url), { error: 'groups:VALIDATION.URL' }),
  ),
});
export type GroupInvoiceInput = z.input<typeof groupInvoiceSchema>;
