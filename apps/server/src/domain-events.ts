import { EventEmitter } from 'node:events';
import type { Notification, NotificationKind, NotificationParams } from '@app/contract/notifications';
import type { TickEvent } from './modules/markets/tick-event.js';
import type { OrderRow } from './modules/orders/order-rows.js';

/**
 * What happened in the domain, told after the transaction that did it has committed, to whoever in
 * this app cares (caches, live pushes). One instance per app (AppContext.events), so two apps in one
 * process (tests; an API and a worker) never hear each other. Listeners run synchronously and must
 * not throw; slow work is theirs to defer.
 */
export interface DomainEventMap {
  /** A user's balances moved: a deposit credited, a withdrawal requested or decided, an order placed or settled, earn, an adjustment. */
  balanceChanged: [{ userId: number }];
  /**
   * Something a signed-in user's session carries changed: status, identity check, bound card or
   * address, payment password, a pending withdrawal. Their sessions are read afresh.
   */
  accountChanged: [{ userId: number }];
  /** An operator changed what the public reads: an announcement or a help article. */
  contentChanged: [];
  /** The price engine recorded a tick (only in the process that leads the engine). Listeners must be quick. */
  tick: [TickEvent];
  /** An order was settled or voided (told by the settlement worker that did it); the row rides along. */
  orderSettled: [{ row: OrderRow }];
  /**
   * An open order's entry tick was recorded on it (DESIGN.md 6.4: order/create answers before it),
   * told by whoever recorded it: the accepting process's order desk or the settlement worker's sweep.
   */
  orderEntered: [{ row: OrderRow }];
  /**
   * One or more of a user's sessions were ended (logout, "end session", password change, an
   * operator). Each process forgets the user's cached sessions; the sockets of the user hear it.
   */
  sessionRevoked: [{ userId: number }];
  /**
   * Something the user should be told about happened (issue 14's notification centre listens).
   * `key` names the event, so the same event told twice makes one notice (e.g. `withdrawal:42:paid`).
   */
  userNotice: [UserNotice];
  /**
   * A notice was stored in the transaction that did what it tells, which has committed (a price
   * alert's firing: the notice must not be lost when the process stops right after). The
   * notification centre pushes it to the user's sockets.
   */
  noticeStored: [{ userId: number; notification: Notification }];
  /**
   * A user's second factor changed (issue 14): turned on or off, recovery codes renewed, reset by
   * an operator, or a passkey added or removed. The one place a security notice ("second factor changed") hooks in.
   */
  secondFactorChanged: [
    {
      userId: number;
      change:
        | 'enabled'
        | 'disabled'
        | 'recovery_codes_regenerated'
        | 'reset_by_operator'
        | 'passkey_added'
        | 'passkey_removed';
    },
  ];
}

export interface UserNotice {
  userId: number;
  kind: NotificationKind;
  params: NotificationParams;
  key: string;
}

export class DomainEvents extends EventEmitter<DomainEventMap> {
  constructor() {
    super();
    // Every module of an app may listen; the default of 10 would warn for nothing.
    this.setMaxListeners(0);
  }

  balanceChanged(userId: number): void {
    this.emit('balanceChanged', { userId });
  }

  accountChanged(userId: number): void {
    this.emit('accountChanged', { userId });
  }

  contentChanged(): void {
    this.emit('contentChanged');
  }

  sessionRevoked(userId: number): void {
    this.emit('sessionRevoked', { userId });
  }

  /** Tells the user something after the change committed (the notification centre stores and pushes it). */
  userNotice(notice: UserNotice): void {
    this.emit('userNotice', notice);
  }

  /** Pushes a notice stored with the change that committed (see `noticeStored`). */
  noticeStored(userId: number, notification: Notification): void {
    this.emit('noticeStored', { userId, notification });
  }

  secondFactorChanged(userId: number, change: DomainEventMap['secondFactorChanged'][0]['change']): void {
    this.emit('secondFactorChanged', { userId, change });
  }
}
