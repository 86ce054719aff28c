import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory with every migration and database function applied (see below). */
    pgliteTemplateDir: string;
  }
}

/**
 * Once per run (vitest globalSetup of the PGlite projects): one database migrated exactly as the
 * server migrates it (`openDatabase` on a fresh directory: every migration, then every function
 * file), closed cleanly. Each test file's database starts as a copy of this directory
 * (test-app.ts), instead of starting an empty PGlite and running every migration itself, which
 * took a few seconds of CPU per file and most of the suite's set-up. Each file still has its own
 * database (its own copy), opened through `openDatabase` like the server opens one.
 *
 * The directory lives on /dev/shm where there is one (copies there cost no disk writes).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const base = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const root = mkdtempSync(path.join(base, 'vela-test-'));
  const templateDir = path.join(root, 'template');
  const database = await openDatabase({ dataDir: templateDir });
  await database.close();
  project.provide('pgliteTemplateDir', templateDir);
  return () => rmSync(root, { recursive: true, force: true });
}
