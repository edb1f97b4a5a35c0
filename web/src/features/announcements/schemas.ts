import * as z from 'zod/mini';

/** The announcement image is optional and png or jpeg. */
export const ANNOUNCEMENT_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** The upstream's limits (dev/api/README.md). */
export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 5000;

/**
 * The Add Announcement form and the edit in place, and the request they send. Messages are
 * translation keys ('Title is required' and 'Description is required' are common strings).
 */
export const announcementFormSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'MESSAGES.TITLE_REQUIRED' }),
      z.maxLength(TITLE_MAX, { error: 'announcements:VALIDATION.TITLE_TOO_LONG' }),
    ),
  description: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'MESSAGES.DESCRIPTION_REQUIRED' }),
      z.maxLength(DESCRIPTION_MAX, { error: 'announcements:VALIDATION.DESCRIPTION_TOO_LONG' }),
    ),
  image: z.optional(
    z
      .file()
      .check(
        z.mime([...ANNOUNCEMENT_IMAGE_TYPES], { error: 'announcements:VALIDATION.IMAGE_TYPE' }),
      ),
  ),
});
export type AnnouncementFormInput = z.input<typeof announcementFormSchema>;
export type AnnouncementFormValues = z.output<typeof announcementFormSchema>;

/** The multipart body of a create or an update: an absent image keeps the current one. */
export function announcementFormData(values: AnnouncementFormValues): FormData {
  const form = new FormData();
  form.set('title', values.title);
  form.set('description', values.description);
  if (values.image) form.set('image', values.image, values.image.name);
  return form;
}
