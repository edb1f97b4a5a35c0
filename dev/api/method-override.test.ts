import { describe, expect, it } from 'vitest';
import { effectiveMethod, laravelMethod } from './method-override.js';

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

describe('X-HTTP-Method-Override (read first, as Symfony does)', () => {
  it('routes a POST by the header over the query', () => {
    expect(effectiveMethod('POST', '/api/x?_method=PUT', 'DELETE')).toBe('DELETE');
    expect(effectiveMethod('POST', '/api/x?_method=PUT', 'POST')).toBe('POST');
    expect(effectiveMethod('POST', '/api/x?_method=PUT', '')).toBe('PUT');
    expect(effectiveMethod('GET', '/api/x', 'DELETE')).toBe('GET');
  });

  it('routes a POST by the header over the body and the query', () => {
    expect(laravelMethod('PUT', '/api/x?_method=PATCH', 'delete')).toBe('DELETE');
    expect(laravelMethod('DELETE', '/api/x?_method=GET', 'POST')).toBe('POST');
    expect(laravelMethod('DELETE', '/api/x?_method=GET')).toBe('DELETE');
  });
});
