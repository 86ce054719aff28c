import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either: a plain handle or an open transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The pg pool on PostgreSQL (for LISTEN/NOTIFY and advisory locks); absent on PGlite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      /**
       * Told when a PostgreSQL connection breaks (a restart, a failover, a network cut): at most once
       * per outage, i.e. again only after a new connection has been made since.
       */
      onConnectionError?: (error: Error) => void;
    }
  | { dataDir: string }
  | { memory: true };

/**
 * Migration id for the advisory lock that serialises migrations, and the database functions applied
 * after them, across processes.
 */
const MIGRATION_LOCK_ID = 7_262_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 20, options.onConnectionError);
  const client = 'dataDir' in options ? new PGlite(ensureDir(path.resolve(options.dataDir))) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  // No lock here: a PGlite database belongs to one process, and this is its only connection.
  const folder = migrationsFolder();
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: folder });
  await client.transaction(async (tx) => {
    for (const fn of readDatabaseFunctions(folder)) await tx.exec(fn.sql);
  });
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(
  url: string,
  poolSize: number,
  onConnectionError?: (error: Error) => void,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not crash the process; the pool replaces it. (The pool
  // re-emits an idle client's error here and throws if nobody listens; it is reported below.)
  pool.on('error', () => {});
  guardPoolClients(pool, onConnectionError);
  const conn = await pool.connect();
  try {
    // Held through both steps: two processes starting at once migrate, and replace the functions, in turn.
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const folder = migrationsFolder();
    await migrateNodePg(drizzleNodePg({ client: conn, schema }), { migrationsFolder: folder });
    await conn.query('BEGIN');
    try {
      // No parameters: the simple query protocol, which takes a file of several statements too.
      for (const fn of readDatabaseFunctions(folder)) await conn.query(fn.sql);
      await conn.query('COMMIT');
    } catch (error) {
      await conn.query('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    conn.release();
  }
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/**
 * Every pool client gets a permanent 'error' listener the moment it connects.
 *
 * Why: pg-pool listens for a client's errors only while the client is idle; while it is checked out
 * (`pool.connect()`: every `db.transaction`, the engine's lock connection, the LISTEN connection)
 * nobody does. When PostgreSQL ends the session meanwhile (a restart, `pg_terminate_backend`, a
 * network cut), `pg.Client` emits 'error', and an 'error' event without a listener kills the process.
 * The query in flight rejects on its own; the listener only has to keep the process alive.
 *
 * It also gives the dead client's pool slot back at once. A client that emitted 'error' can never
 * run a query again (node-postgres marks it not queryable), and not every holder releases it:
 * drizzle's node-postgres `transaction()` runs BEGIN before its try/finally, so a BEGIN that fails
 * on a connection that just died never releases the client, and each such leak shrinks the pool
 * for good until every request waits for a connection. So the listener releases a checked-out
 * client itself (with the error: the pool destroys it and opens a new one when needed) and makes the
 * holder's own later `release()` a no-op instead of pg-pool's "released twice" error.
 */
function guardPoolClients(pool: pg.Pool, onConnectionError?: (error: Error) => void): void {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  // One report per outage: a restart breaks every connection at once; a new connection ends it.
  let isOutageReported = false;
  pool.on('connect', (client) => {
    isOutageReported = false;
    client.on('error', (error) => {
      if (!isOutageReported) {
        isOutageReported = true;
        onConnectionError?.(error);
      }
      if (!checkedOut.has(client)) return; // idle: the pool's own listener drops it
      checkedOut.delete(client);
      const release = client.release;
      client.release = () => {};
      release.call(client, error);
    });
  });
}

/**
 * A handle on one dedicated connection (taken from the pool by the caller): work that must not wait
 * behind the pool's other users, like the price engine's writes, runs on it.
 */
export function dbOnConnection(client: pg.PoolClient): Db {
  return drizzleNodePg({ client, schema }) as unknown as Db;
}

function ensureDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** One database function's file in drizzle/functions/. */
export interface DatabaseFunctionFile {
  /** The file name without `.sql`: the function's name. */
  name: string;
  sql: string;
}

/**
 * The living definitions of the database functions, drizzle/functions/*.sql (see its README.md), in
 * file-name order. After the migrations, on every start, each is run as it is (a CREATE OR REPLACE
 * FUNCTION), all in one transaction.
 */
export function readDatabaseFunctions(folder: string = migrationsFolder()): DatabaseFunctionFile[] {
  const dir = path.join(folder, 'functions');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: file.slice(0, -'.sql'.length), sql: readFileSync(path.join(dir, file), 'utf8') }));
}

/** The SQL migrations ship beside the server; found upward from this file in source and in the bundle. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder (drizzle/) not found');
}
