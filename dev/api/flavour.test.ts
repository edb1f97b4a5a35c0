import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import { createSchema, openDatabase } from './db.js';
import { DEFAULT_CAPABILITY_PARAMS } from '../../functions/src/contracts/upstream/capabilities.js';
import {
  capabilityParamsOf,
  chooseFlavour,
  LARAVEL,
  laravelError,
  mysqlDateTime,
  mysqlDecimal,
  REFERENCE,
} from './flavour.js';
import { startApi } from './index.js';
import { laravelMethod } from './method-override.js';
import { buildApp } from './server.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-flavour-'));
  dirs.push(dir);
  return dir;
};

describe('the Laravel flavour’s values', () => {
  it('writes prices as DECIMAL(8,3) text, rounded half up', () => {
    expect(mysqlDecimal(3.29)).toBe('3.290');
    expect(mysqlDecimal(4.799)).toBe('4.799');
    expect(mysqlDecimal(1.0005)).toBe('1.001');
    expect(mysqlDecimal(0)).toBe('0.000');
    expect(mysqlDecimal(12)).toBe('12.000');
  });

  it('writes times as zone-less DATETIME text in UTC', () => {
    expect(mysqlDateTime('2026-11-28T08:40:14.512Z')).toBe('2026-11-28 08:40:14');
  });

  it('words errors as Laravel does, outside the envelope', () => {
    expect(laravelError('Unauthenticated.')).toEqual({ message: 'Unauthenticated.' });
    expect(laravelError({ title: ['The title field is required.'] })).toEqual({
      message: 'The title field is required.',
      errors: { title: ['The title field is required.'] },
    });
    expect(laravelError({ a: ['A1', 'A2'], b: ['B1'] }).message).toBe('A1 (and 2 more errors)');
    expect(laravelError({}).message).toBe('The given data was invalid.');
  });
});

describe('the capability parameters of each flavour', () => {
  it('are the defaults the functions deploy with for the reference flavour', () => {
    expect(capabilityParamsOf(REFERENCE)).toEqual(DEFAULT_CAPABILITY_PARAMS);
  });

  it('switch off for the Laravel flavour what a typical Laravel application lacks', () => {
    expect(capabilityParamsOf(LARAVEL)).toEqual({
      UPSTREAM_CURRENT_USER_PATH: '/user',
      UPSTREAM_CURRENT_USER_ENVELOPE: false,
      UPSTREAM_REGISTRATION: false,
      UPSTREAM_PASSWORD_REQUEST: false,
      UPSTREAM_PRICE_DAY_PARAM: 'none',
      UPSTREAM_EMPTY_GROUP: false,
    });
  });
});

describe('choosing the flavour', () => {
  it('takes --flavour over FUEL_API_FLAVOUR, and the reference one by default', () => {
    expect(chooseFlavour('laravel', 'reference')).toBe(LARAVEL);
    expect(chooseFlavour(undefined, 'laravel')).toBe(LARAVEL);
    expect(chooseFlavour(undefined, '')).toBe(REFERENCE);
    expect(chooseFlavour(undefined, undefined)).toBe(REFERENCE);
  });

  it('refuses unknown names, saying where they came from and what exists', () => {
    expect(() => chooseFlavour('symfony', 'laravel')).toThrow(
      'Unknown API flavour "symfony" (--flavour): use reference or laravel.',
    );
    expect(() => chooseFlavour(undefined, 'Laravel')).toThrow('(FUEL_API_FLAVOUR)');
  });

  it('stops the command line with that message', { timeout: 30_000 }, () => {
    const cli = path.join(import.meta.dirname, 'cli.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, '--data', tempDir()], {
      env: { ...process.env, FUEL_API_FLAVOUR: 'rails' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Unknown API flavour "rails" (FUEL_API_FLAVOUR)');
  });

  it('refuses an unknown flavour given to startApi', async () => {
    // @ts-expect-error: a JavaScript caller may pass any text.
    await expect(startApi({ port: 0, dataDir: tempDir(), flavour: 'rails' })).rejects.toThrow(
      'Unknown API flavour "rails"',
    );
  });
});

describe('laravelMethod', () => {
  it('reads the body’s _method first, then the query’s', () => {
    expect(laravelMethod('DELETE', '/api/x?_method=PUT')).toBe('DELETE');
    expect(laravelMethod('patch', '/api/x')).toBe('PATCH');
    expect(laravelMethod(undefined, '/api/x?_method=PUT')).toBe('PUT');
    expect(laravelMethod('', '/api/x?_method=PUT')).toBe('PUT');
    // A body that names a method that cannot be spoofed keeps the POST.
    expect(laravelMethod('GET', '/api/x?_method=PUT')).toBe('POST');
    expect(laravelMethod(undefined, '/api/x')).toBe('POST');
  });
});

describe('the schema', () => {
  it('gives a version 1 database the deleted_at column in place', () => {
    const file = path.join(tempDir(), 'api.sqlite');
    const old = new Database(file);
    old.exec('CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
    old.pragma('user_version = 1');
    old.close();
    const db = openDatabase(file);
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('users');
    expect(columns).toEqual(['id', 'name', 'deleted_at']);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    db.close();
  });
});

describe('buildApp in the Laravel flavour', () => {
  it('answers a bug with a bare 500 and routes body methods under inject too', async () => {
    const dataDir = tempDir();
    const db = openDatabase(path.join(dataDir, 'api.sqlite'));
    createSchema(db, () => undefined);
    const app = buildApp({
      db,
      dataDir,
      origin: () => 'http://files.test',
      appOrigin: 'http://app.test',
      clock: () => 0,
      logger: silentLogger,
      flavour: LARAVEL,
    });
    app.get('/boom', async () => {
      throw new Error('a bug');
    });
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ message: 'Server Error' });
    // No token: the dispatching POST route is guarded as its PUT and DELETE are.
    const spoofed = await app.inject({
      method: 'POST',
      url: '/api/admin/groups/1',
      payload: { _method: 'DELETE' },
    });
    expect(spoofed.statusCode).toBe(401);
    await app.close();
    db.close();
  });
});
