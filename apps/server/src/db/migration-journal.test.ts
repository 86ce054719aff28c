import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

/**
 * drizzle's migrator applies a migration only when its journal time is later than the last applied
 * one's: a migration dated earlier (a branch generated before another was merged) would be skipped on
 * every database that already has the later one, silently.
 */
test('the migrations are dated in the order they are numbered', () => {
  const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: { idx: number; tag: string; when: number }[];
  };
  const entries = journal.entries;
  expect(entries.map((entry) => entry.idx)).toEqual(entries.map((_, index) => index));
  for (let i = 1; i < entries.length; i++) {
    expect(entries[i]!.when, `${entries[i]!.tag} after ${entries[i - 1]!.tag}`).toBeGreaterThan(entries[i - 1]!.when);
    expect(entries[i]!.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
  }
});
