import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ticks } from '../markets/markets.tables.js';
import { notifications } from '../notifications/notifications.tables.js';

export const quiet = { info: () => {}, error: () => {} };

/** A whole price as the markets store it (10^8). */
export const P = (whole: number | string) => {
  const [w, f = ''] = String(whole).split('.');
  return BigInt(w!) * 10n ** 8n + BigInt(f.padEnd(8, '0'));
};

/** Records a tick as the engine would. */
export async function recordTick(db: Db, symbol: string, timeMs: number, price: bigint): Promise<void> {
  await db.insert(ticks).values({ symbol, time: new Date(timeMs), price });
}

export function priceAlertNotices(db: Db, userId: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'price_alert')))
    .orderBy(notifications.id);
}
