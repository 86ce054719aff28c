import { existsSync, mkdirSync } from 'node:fs';
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

export type DatabaseOptions = { url: string; poolSize?: number } | { dataDir: string } | { memory: true };

/** Migration id for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 7_262_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 20);
  const client = 'dataDir' in options ? new PGlite(ensureDir(path.resolve(options.dataDir))) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() });
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const conn = await pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg({ client: conn, schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    conn.release();
  }
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
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

/** The SQL migrations ship beside the server; found upward from this file in source and in the bundle. */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder (drizzle/) not found');
}
