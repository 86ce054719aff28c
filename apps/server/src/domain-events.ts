import { EventEmitter } from 'node:events';
import type { NotificationKind, NotificationParams } from '@app/contract/notifications';
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
   * A user's second factor changed (issue 14): turned on or off, recovery codes renewed, or reset by
   * an operator. The one place a security notice ("second factor changed") hooks in.
   */
  secondFactorChanged: [
    { userId: number; change: 'enabled' | 'disabled' | 'recovery_codes_regenerated' | 'reset_by_operator' },
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

  secondFactorChanged(userId: number, change: DomainEventMap['secondFactorChanged'][0]['change']): void {
    this.emit('secondFactorChanged', { userId, change });
  }
}
