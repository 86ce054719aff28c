import { z } from 'zod';
import { type candleSchema, KLINE_INTERVALS, type orderSchema } from './markets.js';
import type { NotificationEvent, SessionEndedEvent } from './notifications.js';
import type { SupportInboxEvent, SupportMessageEvent, SupportUnreadEvent } from './support.js';

/**
 * `/api/ws` messages (DESIGN.md 4, 6.4). Browsers cannot set headers on a WebSocket, so a client
 * authenticates with its first message; market channels need no session.
 */
const symbol = z.string().regex(/^[A-Z0-9]{2,16}$/);

// A plain union: `subscribe` and `unsubscribe` each have two shapes (by channel).
export const clientMessageSchema = z.union([
  z.strictObject({ op: z.literal('auth'), token: z.string().min(1).max(256) }),
  z.strictObject({ op: z.literal('subscribe'), channel: z.literal('ticks'), symbol }),
  z.strictObject({
    op: z.literal('subscribe'),
    channel: z.literal('candles'),
    symbol,
    interval: z.enum(KLINE_INTERVALS),
  }),
  z.strictObject({ op: z.literal('unsubscribe'), channel: z.literal('ticks'), symbol }),
  z.strictObject({
    op: z.literal('unsubscribe'),
    channel: z.literal('candles'),
    symbol,
    interval: z.enum(KLINE_INTERVALS),
  }),
  z.strictObject({ op: z.literal('ping') }),
  /** A back-office session (owner or support role): receives the support inbox live. */
  z.strictObject({ op: z.literal('admin_auth'), token: z.string().min(1).max(256) }),
  /** A signed-out visitor's support conversation, by the visitor token of `X-Visitor-Token`. */
  z.strictObject({ op: z.literal('support_visitor'), token: z.string().min(32).max(64) }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type ServerMessage =
  | { type: 'welcome'; heartbeatMs: number }
  | { type: 'auth'; ok: boolean; code?: number }
  | { type: 'subscribed' | 'unsubscribed'; channel: 'ticks' | 'candles'; symbol: string; interval?: string }
  | { type: 'tick'; symbol: string; time: string; price: string }
  | { type: 'candle'; symbol: string; interval: string; candle: z.infer<typeof candleSchema> }
  | { type: 'order'; order: z.infer<typeof orderSchema> }
  | { type: 'pong' }
  | { type: 'admin_auth' | 'support_visitor'; ok: boolean; code?: number }
  | SupportMessageEvent
  | SupportUnreadEvent
  | SupportInboxEvent
  | NotificationEvent
  | SessionEndedEvent
  | { type: 'error'; code: number; msg: string };
