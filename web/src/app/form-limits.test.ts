import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { announcementFormSchema } from '@/features/announcements/schemas';
import { responseFormSchema } from '@/features/complaints/schemas';
import {
  createGroupSchema,
  groupInvoiceSchema,
  groupNotificationSchema,
} from '@/features/groups/schemas';
import { sendAlertInputSchema } from '@/features/notifications/schemas';
import { invoiceFormSchema } from '@/features/users/schemas';

/**
 * Every length limit of the admins' forms, written here as the API or the database rules take it
 * (not read from the constants the forms use), so a limit moved in a form by one character
 * shows up: the form must take a value of exactly the limit and refuse one character more with
 * its own message, before the request is sent.
 */
const API = { title: 255, text: 5000, url: 2048, groupName: 255 };
const DATABASE = { alertTitle: 100, alertDescription: 1000, url: 2048 };

const text = (length: number) => 'x'.repeat(length);
const link = (length: number) => `https://a.test/${'x'.repeat(length - 'https://a.test/'.length)}`;

interface Limit {
  form: string;
  field: z.ZodMiniType;
  limit: number;
  message: string;
  value?: (length: number) => string;
}

const LIMITS: Limit[] = [
  {
    form: 'invoice title',
    field: invoiceFormSchema.shape.title,
    limit: API.title,
    message: 'users:VALIDATION.TITLE_TOO_LONG',
  },
  {
    form: 'invoice description',
    field: invoiceFormSchema.shape.description,
    limit: API.text,
    message: 'users:VALIDATION.DESCRIPTION_TOO_LONG',
  },
  {
    form: 'invoice link',
    field: invoiceFormSchema.shape.url,
    limit: API.url,
    message: 'users:VALIDATION.URL_TOO_LONG',
    value: link,
  },
  {
    form: 'announcement title',
    field: announcementFormSchema.shape.title,
    limit: API.title,
    message: 'announcements:VALIDATION.TITLE_TOO_LONG',
  },
  {
    form: 'announcement description',
    field: announcementFormSchema.shape.description,
    limit: API.text,
    message: 'announcements:VALIDATION.DESCRIPTION_TOO_LONG',
  },
  {
    form: 'complaint response',
    field: responseFormSchema.shape.response,
    limit: API.text,
    message: 'complaints:VALIDATION.RESPONSE_TOO_LONG',
  },
  {
    form: 'group name',
    field: createGroupSchema.shape.name,
    limit: API.groupName,
    message: 'groups:VALIDATION.NAME_MAX',
  },
  {
    form: 'notification title',
    field: sendAlertInputSchema.shape.title,
    limit: DATABASE.alertTitle,
    message: 'notifications:VALIDATION.TITLE_TOO_LONG',
  },
  {
    form: 'notification description',
    field: sendAlertInputSchema.shape.description,
    limit: DATABASE.alertDescription,
    message: 'notifications:VALIDATION.DESCRIPTION_TOO_LONG',
  },
  {
    form: "group's notification title",
    field: groupNotificationSchema.shape.title,
    limit: DATABASE.alertTitle,
    message: 'groups:VALIDATION.TITLE_MAX',
  },
  {
    form: "group's notification description",
    field: groupNotificationSchema.shape.description,
    limit: DATABASE.alertDescription,
    message: 'groups:VALIDATION.DESCRIPTION_MAX',
  },
  {
    form: "group's invoice title",
    field: groupInvoiceSchema.shape.title,
    limit: DATABASE.alertTitle,
    message: 'groups:VALIDATION.TITLE_MAX',
  },
  {
    form: "group's invoice description",
    field: groupInvoiceSchema.shape.description,
    limit: DATABASE.alertDescription,
    message: 'groups:VALIDATION.DESCRIPTION_MAX',
  },
  {
    form: "group's invoice link",
    field: groupInvoiceSchema.shape.url,
    limit: DATABASE.url,
    message: 'groups:VALIDATION.URL',
    value: link,
  },
];

const messages = (field: z.ZodMiniType, value: string) =>
  field.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('the forms keep to the limits the API and the database take', () => {
  it.each(LIMITS)('$form: $limit characters', ({ field, limit, message, value = text }) => {
    expect(messages(field, value(limit))).toEqual([]);
    expect(messages(field, value(limit + 1))).toEqual([message]);
  });
});
