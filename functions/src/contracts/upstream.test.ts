import { describe, expect, it } from 'vitest';
import { reportSchema } from './upstream.js';

describe('reportSchema', () => {
  const report = { id: 1, user_id: 2, title: 'Invoice', description: 'Fuel' };

  it('reads an invoice without a link, sent as null or as empty text, as null', () => {
    expect(reportSchema.parse({ ...report, url: null }).url).toBeNull();
    expect(reportSchema.parse({ ...report, url: '' }).url).toBeNull();
  });

  it('keeps a link that is given', () => {
    expect(reportSchema.parse({ ...report, url: 'https://x.io/a.pdf' }).url).toBe(
      'https://x.io/a.pdf',
    );
  });
});
