import { customType } from 'drizzle-orm/pg-core';

/**
 * A `bytea` column read as a Buffer on both drivers (node-postgres gives a Buffer, PGlite a
 * Uint8Array): hashes and signatures, compared and hex-encoded the same way everywhere.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});
