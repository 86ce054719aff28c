import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A PostgreSQL database of a test's own, made on the server of TEST_DATABASE_URL and dropped after. */
export interface ScratchDatabase {
  /** The connection string of the new database. */
  url: string;
  /** Drops it, ending any connection still open to it. */
  drop(): Promise<void>;
}

/** Runs one statement on the server's maintenance database (CREATE and DROP cannot run in the new one). */
async function onServer(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates an empty database named `<prefix>_<pid>_<random>`; the app's start-up migrates it. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('a PostgreSQL test needs TEST_DATABASE_URL');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
