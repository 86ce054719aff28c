import type { FairCheckpoint } from '@app/contract/fair';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLatestCheckpoint } from './get-fair-public';

const MINUTE = 60_000;
const T0 = 1_800_000_000_000;

/** A server whose checkpoints are `count` in number, with minutes missed before `gapAt` (no checkpoint then). */
function serveCheckpoints(count: number, gapAt = 0, gapMinutes = 0) {
  const list: FairCheckpoint[] = Array.from({ length: count }, (_, i) => ({
    seq: i + 1,
    timeMs: T0 + (i + (gapAt && i + 1 >= gapAt ? gapMinutes : 0)) * MINUTE,
    heads: '',
    prevHash: '',
    hash: `h${i + 1}`,
    signature: '',
  }));
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://x');
      calls.push(url.search);
      const fromSeq = Number(url.searchParams.get('fromSeq'));
      const limit = Number(url.searchParams.get('limit'));
      const data = { list: list.filter((c) => c.seq >= fromSeq).slice(0, limit) };
      return new Response(JSON.stringify({ code: 0, msg: 'Success', data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { list, calls };
}

describe('the latest checkpoint (the API lists from a number on)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('one a minute: two calls', async () => {
    const { list, calls } = serveCheckpoints(5000);
    const latest = await getLatestCheckpoint(list.at(-1)!.timeMs + 30_000);
    expect(latest?.seq).toBe(5000);
    expect(calls).toHaveLength(2);
  });

  it('after a long outage (more than 1000 missed minutes) it searches for the last number', async () => {
    const { list } = serveCheckpoints(3000, 2000, 5000);
    expect((await getLatestCheckpoint(list.at(-1)!.timeMs + 10_000))?.seq).toBe(3000);
  });

  it('none yet: null', async () => {
    serveCheckpoints(0);
    expect(await getLatestCheckpoint(T0)).toBeNull();
  });
});
