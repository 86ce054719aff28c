import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/scratch-database.js';
import { copyOfMigratedTemplate, isPostgresRun } from '../test/test-app.js';
import { type Database, migrationsFolder, openDatabase } from './client.js';
import * as schema from './schema.js';

/**
 * The tables declared in code (schema.ts, i.e. every module's *.tables.ts) are the tables the
 * migrations build. Two databases are compared, each described by PostgreSQL itself (format_type,
 * pg_get_expr, pg_get_constraintdef, pg_get_indexdef), so the same thing written two ways compares
 * equal: one built by the migrations (as the server opens it), one built from the code by
 * drizzle-kit's own DDL. Compared: tables; columns (type, nullability, default, identity and its
 * sequence); primary keys, unique, foreign-key and check constraints; indexes (unique, partial,
 * on expressions). Not compared, because drizzle does not declare them: triggers, functions, types,
 * storage parameters (fillfactor) and rows.
 *
 * And `npm run db:generate -w @app/server` would write nothing: the newest drizzle-kit snapshot in
 * drizzle/meta is the code's schema.
 */

interface SqlRunner {
  query<T>(text: string): Promise<T[]>;
  /** Runs SQL text as it is (no parameters; several statements allowed). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

let migrated: { database: Database; drop: () => Promise<void> };
let fromCode: SqlRunner;

beforeAll(async () => {
  migrated = await openMigratedDatabase();
  fromCode = await openEmptyDatabase();
  for (const statement of await codeDdl()) await fromCode.exec(statement);
}, 120_000); // every migration, and the code's tables: seconds, and more on a busy machine

afterAll(async () => {
  await fromCode?.close();
  await migrated?.database.close();
  await migrated?.drop();
}, 60_000);

describe('the tables declared in code', () => {
  it('are the tables the migrations build', async () => {
    const fromMigrations = await describeTables(runnerOn(migrated.database));
    const declared = await describeTables(fromCode);
    expect(Object.keys(fromMigrations).length).toBeGreaterThan(20);
    expect.soft(Object.keys(declared).sort()).toEqual(Object.keys(fromMigrations).sort());
    // Table by table, every difference at once, each naming its table (received: the code's).
    for (const table of Object.keys(fromMigrations)) {
      expect.soft({ table, ...declared[table] }).toEqual({ table, ...fromMigrations[table] });
    }
  });

  it('are the newest drizzle-kit snapshot: db:generate writes no migration', async () => {
    const snapshot = newestSnapshot();
    const code = generateDrizzleJson(schema, snapshot.id as string);
    const statements = await generateMigration(snapshot as never, code);
    expect(statements).toEqual([]);
  });
});

describe('the migration journal', () => {
  const folder = migrationsFolder();
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };

  it('lists every migration file, in order', () => {
    const files = readdirSync(folder)
      .filter((file) => /^\d{4}_.*\.sql$/.test(file))
      .sort();
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(files.map((_, i) => i));
  });

  it('dates each migration after the one before (or an existing database would skip it)', () => {
    // drizzle's migrator runs only the migrations whose `when` is above the newest applied one's.
    journal.entries.slice(1).forEach((entry, i) => {
      expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[i]?.when ?? 0);
    });
  });
});

/** The DDL drizzle-kit writes for the code's tables on an empty database. */
async function codeDdl(): Promise<string[]> {
  return generateMigration(generateDrizzleJson({}) as never, generateDrizzleJson(schema));
}

function newestSnapshot(): Record<string, unknown> {
  const meta = path.join(migrationsFolder(), 'meta');
  const newest = readdirSync(meta)
    .filter((file) => file.endsWith('_snapshot.json'))
    .sort()
    .at(-1);
  if (!newest) throw new Error('no drizzle-kit snapshot in drizzle/meta');
  return JSON.parse(readFileSync(path.join(meta, newest), 'utf8'));
}

interface TableDescription {
  columns: string[];
  constraints: string[];
  indexes: string[];
}

/** Every table of the public schema, as PostgreSQL prints it; one line per column, constraint, index. */
async function describeTables(db: SqlRunner): Promise<Record<string, TableDescription>> {
  const tables: Record<string, TableDescription> = {};
  const table = (name: string) => {
    tables[name] ??= { columns: [], constraints: [], indexes: [] };
    return tables[name];
  };
  const columns = await db.query<{ table: string; line: string }>(`
    SELECT c.relname AS table,
      concat_ws(' ', a.attname, format_type(a.atttypid, a.atttypmod),
        CASE WHEN a.attnotnull THEN 'NOT NULL' END,
        'DEFAULT ' || pg_get_expr(d.adbin, d.adrelid),
        CASE a.attidentity WHEN 'a' THEN 'GENERATED ALWAYS AS IDENTITY' WHEN 'd' THEN 'GENERATED BY DEFAULT AS IDENTITY' END,
        CASE WHEN a.attgenerated = 's' THEN 'GENERATED ALWAYS AS STORED' END,
        CASE WHEN s.seqrelid IS NOT NULL THEN format('(%s START %s INCREMENT %s MIN %s MAX %s CACHE %s%s)',
          format_type(s.seqtypid, NULL), s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcache,
          CASE WHEN s.seqcycle THEN ' CYCLE' END) END) AS line
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
    LEFT JOIN pg_depend dep ON dep.refclassid = 'pg_class'::regclass AND dep.refobjid = c.oid
      AND dep.refobjsubid = a.attnum AND dep.classid = 'pg_class'::regclass AND dep.deptype = 'i'
    LEFT JOIN pg_sequence s ON s.seqrelid = dep.objid
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
    ORDER BY 1, 2`);
  for (const row of columns) table(row.table).columns.push(row.line);
  const constraints = await db.query<{ table: string; line: string }>(`
    SELECT c.relname AS table, con.conname || ' ' || pg_get_constraintdef(con.oid) AS line
    FROM pg_constraint con
    JOIN pg_class c ON c.oid = con.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND con.contype IN ('p', 'u', 'f', 'c', 'x')
    ORDER BY 1, 2`);
  for (const row of constraints) table(row.table).constraints.push(row.line);
  const indexes = await db.query<{ table: string; line: string }>(`
    SELECT c.relname AS table, pg_get_indexdef(x.indexrelid) AS line
    FROM pg_index x
    JOIN pg_class c ON c.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
    ORDER BY 1, 2`);
  for (const row of indexes) table(row.table).indexes.push(row.line);
  return tables;
}

function runnerOn(database: Database): SqlRunner {
  return {
    query: async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows,
    exec: async (text) => {
      await database.db.execute(sql.raw(text));
    },
    close: () => database.close(),
  };
}

/** A database built by the migrations, as the server opens it: PGlite, or PostgreSQL in the pg run. */
async function openMigratedDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!isPostgresRun) {
    // A copy of the run's database, migrated from nothing by `openDatabase` (test-app.ts); else migrated here.
    const copy = await copyOfMigratedTemplate();
    if (copy) return { database: await openDatabase({ dataDir: copy.dir }), drop: async () => copy.remove() };
    return { database: await openDatabase({ memory: true }), drop: async () => {} };
  }
  const { url, drop } = await createScratchDatabase('vela_schema');
  return { database: await openDatabase({ url, poolSize: 2 }), drop };
}

/** An empty database on the same engine as the migrated one. */
async function openEmptyDatabase(): Promise<SqlRunner> {
  if (!isPostgresRun) {
    const client = new PGlite();
    await client.waitReady;
    return {
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      exec: async (text) => {
        await client.exec(text);
      },
      close: () => client.close(),
    };
  }
  const { url, drop } = await createScratchDatabase('vela_schema');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
    close: async () => {
      await client.end();
      await drop();
    },
  };
}
