import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { streamLogger } from '../../dev/logger.ts';
import { freePorts } from '../../dev/ports.ts';
import { startStack } from '../../dev/stack.ts';
import type { StackInfo } from './stack-info.ts';

/**
 * Starts the whole local stack once for the end-to-end tests, on free ports and in a fresh
 * data folder, so it can run beside a developer's `npm start`.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-e2e-'));
  const log = streamLogger('e2e stack', fs.createWriteStream(path.join(dataDir, 'stack.log')));
  const ports = await freePorts();
  // Scheduled sends are due within a minute in the tests: tick often (dev/README.md).
  process.env.SCHEDULE_TICK_MS ??= '5000';
  const stack = await startStack({ ports, dataDir, reset: true, log });
  const info: StackInfo = {
    projectId: stack.projectId,
    urls: stack.urls,
    rtdb: stack.rtdb,
    admin: stack.admin,
    dataDir,
  };
  project.provide('stack', info);
  return async () => {
    await stack.stop();
    if (!process.env.KEEP_E2E_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
