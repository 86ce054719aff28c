import dayjs from 'dayjs';

/** Times arrive as ISO 8601 UTC; operators read them in their own time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const value = dayjs(iso);
  return value.isValid() ? value.format('YYYY-MM-DD HH:mm:ss') : iso;
}

export function isInFuture(iso: string | null | undefined): boolean {
  return !!iso && dayjs(iso).isAfter(dayjs());
}

/** An order period in its shortest unit: 30 → "30s", 300 → "5m", 3600 → "1h". */
export function formatPeriod(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}
