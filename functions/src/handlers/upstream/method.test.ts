import { describe, expect, it } from 'vitest';
import { actedMethod } from './method.js';

describe('actedMethod', () => {
  it('reads a POST as Laravel does: the header, then the body, then the query', () => {
    expect(actedMethod('POST', '?_method=PUT', undefined)).toBe('PUT');
    expect(actedMethod('POST', '?_method=GET', 'DELETE')).toBe('DELETE');
    expect(actedMethod('POST', '?_method=put', 'delete', 'patch')).toBe('PATCH');
    expect(actedMethod('POST', '', undefined)).toBe('POST');
  });

  it('skips empty and non-text values, and refuses what is no method token', () => {
    expect(actedMethod('POST', '?_method=PUT', '')).toBe('PUT');
    expect(actedMethod('POST', '?_method=PUT', ['DELETE'])).toBe('PUT');
    expect(actedMethod('POST', '?_method=DE%20LETE', undefined)).toBe('POST');
  });

  it('leaves every other method as it is', () => {
    expect(actedMethod('GET', '?_method=DELETE', 'DELETE')).toBe('GET');
    expect(actedMethod('DELETE', '', undefined)).toBe('DELETE');
  });
});
