import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/scratch-database.js';
import { copyOfMigratedTemplate, isPostgresRun } from '../test/test-app.js';
import { type Database, type DatabaseFunctionFile, openDatabase, readDatabaseFunctions } from './client.js';

/**
 * drizzle/functions/*.sql hold the living definitions of the database functions: after the
 * migrations, on every start, each file is applied. Checked on a database opened as the server opens
 * it (PGlite; PostgreSQL in the pg run).
 */

const files = readDatabaseFunctions();
/** Opening a database runs every migration: seconds, and more on a busy machine. */
const SLOW = 120_000;
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, SLOW);

describe('the database function files', () => {
  it('each define the one function they are named after', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const created = [...file.sql.matchAll(/CREATE\s+OR\s+REPLACE\s+FUNCTION\s+(?:public\.)?"?(\w+)"?\s*\(/gi)];
      expect(
        created.map((match) => match[1]),
        `${file.name}.sql: one CREATE OR REPLACE FUNCTION ${file.name}(...)`,
      ).toEqual([file.name]);
      expect(/^\s*CREATE\s+FUNCTION/im.test(file.sql), `${file.name}.sql: CREATE OR REPLACE, never CREATE`).toBe(false);
      body(file);
    }
  });

  it('are the functions of a migrated database, each with its file body', { timeout: SLOW }, async () => {
    const { database } = await openScratch();
    const functions = await databaseFunctions(database);
    // Names with repeats: an overload left behind by a changed signature shows twice.
    expect(functions.map((fn) => fn.name).sort()).toEqual(files.map((file) => file.name).sort());
    for (const file of files) {
      expect(functions.find((fn) => fn.name === file.name)?.body, `${file.name}.sql`).toBe(body(file));
    }
  });

  it('are applied again on every start: a changed body is put back', { timeout: SLOW }, async () => {
    const [file] = files;
    if (!file) throw new Error('no function files');
    const first = await openScratch();
    await exec(first.database, file.sql.replace(body(file), `${body(file)}-- changed by hand\n`));
    expect(await bodyOf(first.database, file.name)).not.toBe(body(file));
    await first.database.close();

    const again = await first.reopen();
    expect(await bodyOf(again, file.name)).toBe(body(file));
  });

  // Only PostgreSQL has two processes on one database (PGlite is one process's folder).
  if (isPostgresRun)
    it('let two processes start at once on one database', { timeout: SLOW }, async () => {
      const { database, reopen } = await openScratch();
      // Three more servers starting together: the migration lock serialises the functions step too
      // (two concurrent CREATE OR REPLACE of one function fail with "tuple concurrently updated").
      const [a, b, c] = await Promise.all([reopen(), reopen(), reopen()]);
      for (const db of [database, a, b, c]) {
        expect((await databaseFunctions(db)).map((fn) => fn.name).sort()).toEqual(files.map((f) => f.name).sort());
      }
      await Promise.all([a.close(), b.close(), c.close()]);
    });
});

/** The text between the file's first dollar quote and its closing one: what PostgreSQL keeps as prosrc. */
function body(file: DatabaseFunctionFile): string {
  const text = /(\$\w*\$)([\s\S]*?)\1/.exec(file.sql)?.[2];
  if (text === undefined) throw new Error(`${file.name}.sql: no $$-quoted body`);
  return text;
}

interface DatabaseFunction {
  name: string;
  body: string;
}

/** The public schema's functions written in SQL or PL/pgSQL (extensions' own left out). */
async function databaseFunctions(database: Database): Promise<DatabaseFunction[]> {
  const result = await database.db.execute(
    sql.raw(`
      SELECT p.proname AS name, p.prosrc AS body
      FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace
      JOIN pg_language l ON l.oid = p.prolang
      WHERE n.nspname = 'public' AND l.lanname IN ('plpgsql', 'sql')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`),
  );
  return (result as unknown as { rows: DatabaseFunction[] }).rows;
}

async function bodyOf(database: Database, name: string): Promise<string | undefined> {
  return (await databaseFunctions(database)).find((fn) => fn.name === name)?.body;
}

async function exec(database: Database, text: string): Promise<void> {
  await database.db.execute(sql.raw(text));
}

/**
 * A database of this test's own, opened as the server opens it, and a way to open it again (another
 * start): PGlite in a temporary directory, or a fresh PostgreSQL database in the pg run.
 */
async function openScratch(): Promise<{ database: Database; reopen: () => Promise<Database> }> {
  if (!isPostgresRun) {
    // A copy of the run's database migrated from nothing by `openDatabase` (test-app.ts), so this
    // open is a later start of the server on it; else an empty directory, migrated by this open.
    const copy = await copyOfMigratedTemplate();
    const dir = copy?.dir ?? mkdtempSync(path.join(os.tmpdir(), 'vela-functions-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const open = async () => {
      const database = await openDatabase({ dataDir: dir });
      cleanups.push(() => database.close().catch(() => {}));
      return database;
    };
    return { database: await open(), reopen: open };
  }
  const scratch = await createScratchDatabase('vela_functions');
  cleanups.push(scratch.drop);
  const open = async () => {
    const database = await openDatabase({ url: scratch.url, poolSize: 2 });
    cleanups.push(() => database.close().catch(() => {}));
    return database;
  };
  return { database: await open(), reopen: open };
}
