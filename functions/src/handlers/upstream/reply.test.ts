import { describe, expect, it } from 'vitest';
import { failureReply, isJson, jsonReply, MESSAGES, withSafetyHeaders } from './reply.js';

describe('isJson', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON',
    'application/json ;charset=utf-8',
    'application/problem+json',
    'application/vnd.api+json',
  ])('reads %s as JSON', (type) => {
    expect(isJson(type)).toBe(true);
  });

  it.each([
    undefined,
    null,
    '',
    'text/html',
    'text/application/json',
    'application/jsonp',
    'application/json-seq',
    'application/x+y+json',
    'application/+json',
    'application/a b+json',
  ])('does not read %s as JSON', (type) => {
    expect(isJson(type)).toBe(false);
  });
});

describe('withSafetyHeaders', () => {
  it('marks JSON nosniff and sandboxes anything else', () => {
    const json = withSafetyHeaders(jsonReply(200, {}));
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['content-security-policy']).toBeUndefined();
    const page = withSafetyHeaders({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: null,
    });
    expect(page.headers['content-security-policy']).toBe('sandbox');
    const untyped = withSafetyHeaders({ status: 204, headers: {}, body: null });
    expect(untyped.headers['content-security-policy']).toBe('sandbox');
  });
});

describe('failureReply', () => {
  it('answers in the envelope, never to be cached', () => {
    const reply = failureReply(404, MESSAGES.fileUnavailable);
    expect(reply.status).toBe(404);
    expect(JSON.parse(Buffer.from(reply.body as Uint8Array).toString())).toEqual({
      metadata: { success: 0, message: 'This file is not available.' },
      payload: null,
    });
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.headers['content-length']).toBe(String((reply.body as Uint8Array).length));
  });
});

describe('MESSAGES.tooLarge', () => {
  it('states the limit in whole MB from 1 MB up, in KB below', () => {
    expect(MESSAGES.tooLarge(32 * 1024 * 1024)).toBe(
      'The request is too large: at most 32 MB can be sent.',
    );
    expect(MESSAGES.tooLarge(1024 * 1024)).toBe(
      'The request is too large: at most 1 MB can be sent.',
    );
    expect(MESSAGES.tooLarge(1024 * 1024 - 1)).toBe(
      'The request is too large: at most 1023 KB can be sent.',
    );
    expect(MESSAGES.tooLarge(64 * 1024)).toBe(
      'The request is too large: at most 64 KB can be sent.',
    );
  });
});
