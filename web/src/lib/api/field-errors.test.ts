import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { placeFieldErrors } from './field-errors';

type Form = { title: string; description: string };

describe('placeFieldErrors', () => {
  it("places each of the form's fields' messages and focuses the first", () => {
    const setError = vi.fn();
    const error = new ApiError('rejected', ['Invalid.'], 422, undefined, {
      title: 'The title field is required.',
      other: 'Not in this form.',
      description: 'Too long.',
    });
    expect(placeFieldErrors<Form>(error, setError, ['title', 'description'])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['title', { type: 'server', message: 'The title field is required.' }, { shouldFocus: true }],
      ['description', { type: 'server', message: 'Too long.' }, { shouldFocus: false }],
    ]);
  });

  it('places nothing for a failure without fields', () => {
    const setError = vi.fn();
    expect(placeFieldErrors<Form>(new ApiError('network', []), setError, ['title'])).toBe(false);
    expect(placeFieldErrors<Form>(new Error('x'), setError, ['title'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
