import { useEffect, useState } from 'react';
import type { TFunction } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/time';

/** How often the time left is redrawn: it is shown to the minute. */
const REDRAW_MS = 30_000;

/** "23 h 5 min" / "5 min": the time left, rounded up to the minute. */
export function timeLeftText(ms: number, t: TFunction): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return t('withdrawGuard.minutesLeft', { m: minutes });
  return t('withdrawGuard.hoursLeft', { h: hours, m: minutes % 60 });
}

interface DestinationCooldownProps {
  /** When the chosen card or address may receive money (the server's word); null or absent: it may now. */
  usableAt: string | null | undefined;
  /** Called once the moment has passed (the screen reads its destinations again). */
  onUsable?: () => void;
}

/**
 * Issue 14: a card or address bound or replaced less than the cooldown ago cannot receive money yet;
 * the screen says how long that is and when, in the user's own time zone.
 */
export function DestinationCooldown({ usableAt, onUsable }: DestinationCooldownProps) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const usableMs = usableAt ? new Date(usableAt).getTime() : null;
  const leftMs = usableMs === null ? 0 : usableMs - now;
  useEffect(() => {
    if (usableMs === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), REDRAW_MS);
    return () => clearInterval(timer);
  }, [usableMs]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tells once, when the time left runs out
  useEffect(() => {
    if (usableMs !== null && leftMs <= 0) onUsable?.();
  }, [usableMs !== null && leftMs <= 0]);
  if (!usableAt || leftMs <= 0) return null;
  return (
    <div className="notice notice--warning destination-cooldown" role="status">
      <p>{t('withdrawGuard.coolingDown', { left: timeLeftText(leftMs, t) })}</p>
      <p className="destination-cooldown__at">{t('withdrawGuard.usableFrom', { time: formatDateTime(usableAt) })}</p>
    </div>
  );
}
