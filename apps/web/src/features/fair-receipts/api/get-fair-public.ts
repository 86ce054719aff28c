import type { FairCheckpoint, FairKey } from '@app/contract/fair';
import type { FairEpoch } from '@app/contract/fair-epochs';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** The public fair API (no sign-in): docs/provably-fair.md §1–2. */

type List<T> = { list: T[] };

export function getFairKey(signal?: AbortSignal): Promise<FairKey> {
  return apiGet<FairKey>('/fair/key', { signal });
}

/** The platform's public key: what every receipt's key must be. */
export function useFairKey() {
  return useQuery({ queryKey: ['fair', 'key'], queryFn: ({ signal }) => getFairKey(signal), staleTime: 3_600_000 });
}

const checkpoints = (fromSeq: number, limit: number, signal?: AbortSignal) =>
  apiGet<List<FairCheckpoint>>(`/fair/checkpoints?fromSeq=${fromSeq}&limit=${limit}`, { signal }).then((r) => r.list);

const CHECKPOINT_MS = 60_000;
const PAGE = 1000;

/**
 * The newest checkpoint. The API lists checkpoints from a number on, so: one a minute since the first
 * puts the newest at most (minutes since the first + 1), fewer when minutes were missed; read the page
 * up to there, and when it is empty (more than 1000 missed minutes) search for the last number.
 */
export async function getLatestCheckpoint(now: number, signal?: AbortSignal): Promise<FairCheckpoint | null> {
  const [first] = await checkpoints(1, 1, signal);
  if (!first) return null;
  const highest = first.seq + Math.max(0, Math.floor((now - first.timeMs) / CHECKPOINT_MS)) + 1;
  let from = Math.max(1, highest - PAGE + 1);
  let page = await checkpoints(from, PAGE, signal);
  if (page.length === 0) {
    // Binary search for the last existing number below `from`.
    let low = first.seq;
    let high = from - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if ((await checkpoints(mid, 1, signal)).length > 0) low = mid;
      else high = mid - 1;
    }
    from = low;
    page = await checkpoints(from, PAGE, signal);
  }
  // A page may be full: read on to its end.
  while (page.length === PAGE) {
    const next = await checkpoints(page.at(-1)!.seq + 1, PAGE, signal);
    if (next.length === 0) break;
    page = next;
  }
  return page.at(-1) ?? null;
}

export function useLatestCheckpoint() {
  return useQuery({
    queryKey: ['fair', 'checkpoint', 'latest'],
    queryFn: ({ signal }) => getLatestCheckpoint(Date.now(), signal),
    refetchInterval: CHECKPOINT_MS,
  });
}

/** From a day ago to the last committed epoch, oldest first (the API's defaults). */
export function useFairEpochs() {
  return useQuery({
    queryKey: ['fair', 'epochs'],
    queryFn: ({ signal }) => apiGet<List<FairEpoch>>('/fair/epochs', { signal }).then((r) => r.list),
    refetchInterval: CHECKPOINT_MS,
  });
}
