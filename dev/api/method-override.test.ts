import { describe, expect, it } from 'vitest';
import { effectiveMethod } from './method-override.js';

describe('effectiveMethod (Laravel method spoofing)', () => {
  it('routes POST ?_method=PUT as PUT, whatever the case', () => {
    expect(effectiveMethod('POST', '/api/admin/groups/3?_method=PUT')).toBe('PUT');
    expect(effectiveMethod('POST', '/api/x?a=1&_method=patch')).toBe('PATCH');
    expect(effectiveMethod('POST', '/api/x?_method=DELETE')).toBe('DELETE');
  });

  it('leaves other requests alone', () => {
    expect(effectiveMethod('GET', '/api/x?_method=DELETE')).toBe('GET');
    expect(effectiveMethod('POST', '/api/x?_method=GET')).toBe('POST');
    expect(effectiveMethod('POST', '/api/x')).toBe('POST');
  });
});
