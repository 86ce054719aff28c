import { describe, expect, test } from 'vitest';
import { LineBatches, LOG_BATCH_BYTES } from './logger.js';

function recordingOut() {
  const writes: string[] = [];
  let syncFlushes = 0;
  return {
    writes,
    syncFlushes: () => syncFlushes,
    out: { write: (text: string) => writes.push(text), flushSync: () => void syncFlushes++ },
  };
}

describe('LineBatches', () => {
  const line = (i: number) => `{"n":${i},"msg":"${'x'.repeat(90)}"}\n`;

  test('hands lines on in batches of about LOG_BATCH_BYTES, in order and whole', () => {
    const { writes, out } = recordingOut();
    const batches = new LineBatches(out);
    const lines = Array.from({ length: 200 }, (_, i) => line(i));
    for (const l of lines) batches.write(l);
    // Under load one write carries many lines, never a part of one.
    expect(writes.length).toBeGreaterThan(1);
    expect(writes.length).toBeLessThan(lines.length / 10);
    for (const w of writes) expect(w.length).toBeGreaterThanOrEqual(LOG_BATCH_BYTES);
    batches.flush();
    expect(writes.join('')).toBe(lines.join(''));
  });

  test('a quiet server’s lines wait for a flush; flushSync writes what is gathered, then blocks on the rest', () => {
    const { writes, out, syncFlushes } = recordingOut();
    const batches = new LineBatches(out);
    batches.write(line(1));
    expect(writes).toEqual([]);
    batches.flushSync();
    expect(writes).toEqual([line(1)]);
    expect(syncFlushes()).toBe(1);
    batches.flush();
    expect(writes).toHaveLength(1);
  });
});
