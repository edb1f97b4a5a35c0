import { describe, expect, it } from 'vitest';
import {
  createGroupSchema,
  editGroupSchema,
  groupInvoiceSchema,
  groupNotificationSchema,
  INVOICE_FIELD_REQUIRED,
} from './schemas';

const png = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the group forms', () => {
  it("New Group needs a name ('Group name is required') and an image ('Please Select Image')", () => {
    const result = createGroupSchema.safeParse({ name: '   ', image: null });
    expect(messages(result)).toEqual(['MESSAGES.GROUP_NAME_REQUIRED', 'MESSAGES.SELECT_IMAGE']);
    expect(createGroupSchema.safeParse({ name: 'Valley', image: png }).success).toBe(true);
  });

  it('refuses an image that is not png or jpeg', () => {
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' });
    expect(messages(createGroupSchema.safeParse({ name: 'V', image: gif }))).toEqual([
      'groups:VALIDATION.IMAGE_TYPE',
    ]);
  });

  it('Edit needs only the name', () => {
    expect(editGroupSchema.safeParse({ name: 'Valley', image: null }).success).toBe(true);
    expect(messages(editGroupSchema.safeParse({ name: '', image: null }))).toEqual([
      'MESSAGES.GROUP_NAME_REQUIRED',
    ]);
  });

  it('Send Invoice: title and description required, the link optional and http(s)', () => {
    expect(
      messages(groupInvoiceSchema.safeParse({ title: '', description: ' ', url: '' })),
    ).toEqual([INVOICE_FIELD_REQUIRED, INVOICE_FIELD_REQUIRED]);
    expect(groupInvoiceSchema.safeParse({ title: 'May', description: 'd', url: ' ' }).success).toBe(
      true,
    );
    expect(
      messages(groupInvoiceSchema.safeParse({ title: 'May', description: 'd', url: 'ftp://x' })),
    ).toEqual(['groups:VALIDATION.URL']);
    expect(
      groupInvoiceSchema.safeParse({
        title: 'May',
        description: 'Fuel for May',
        url: 'https://billing.example.com/may.pdf',
      }).success,
    ).toBe(true);
  });

  it('Send Notification keeps to the alert limits the rules enforce', () => {
    expect(
      messages(groupNotificationSchema.safeParse({ title: 'x'.repeat(101), description: 'd' })),
    ).toEqual(['groups:VALIDATION.TITLE_MAX']);
    expect(messages(groupNotificationSchema.safeParse({ title: '', description: '' }))).toEqual([
      'MESSAGES.TITLE_REQUIRED',
      'MESSAGES.DESCRIPTION_REQUIRED',
    ]);
  });
});
