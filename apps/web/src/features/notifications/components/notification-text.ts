import type { Notification } from '@app/contract/notifications';
import type { TFunction } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { displayDecimal } from '../../../lib/price';

const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
const KYC_STATUSES = ['approved', 'rejected', 'pending'] as const;

function oneOf<T extends string>(values: readonly T[], value: string | undefined, fallback: T): T {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

/**
 * A notice's title and text in the reader's language, from its kind and params: the server stores
 * no text, so a notice reads right after a language change.
 */
export function notificationText(t: TFunction, notification: Notification): { title: string; body: string } {
  const { kind, params } = notification;
  const title = t(`notifications.kindNames.${kind}`);
  switch (kind) {
    case 'withdrawal_state': {
      const status = oneOf(WITHDRAWAL_STATUSES, params.status, 'pending');
      return {
        title,
        body: t('notifications.body.withdrawal_state', {
          amount: displayMoney(params.amount),
          status: t(`notifications.withdrawalStatus.${status}`),
        }),
      };
    }
    case 'kyc_decided': {
      const status = oneOf(KYC_STATUSES, params.status, 'pending');
      return { title, body: t('notifications.body.kyc_decided', { status: t(`notifications.kycStatus.${status}`) }) };
    }
    case 'deposit_credited':
      return { title, body: t('notifications.body.deposit_credited', { amount: displayMoney(params.amount) }) };
    case 'price_alert':
      return { title, body: priceAlertText(t, params) };
    default:
      return { title, body: t(`notifications.body.${kind}`, { ...params }) };
  }
}

const ALERT_CONDITIONS = ['above', 'below', 'move'] as const;
const ALERT_WINDOWS = ['300', '3600', '86400'] as const;

/**
 * A fired price alert (issue 15): what moved, to which price, against which level or percent. The
 * server writes the prices as plain decimals at the product's precision; they read in the language.
 */
export function priceAlertText(t: TFunction, params: Record<string, string>): string {
  const condition = oneOf(ALERT_CONDITIONS, params.condition, 'above');
  const window = oneOf(ALERT_WINDOWS, params.windowSeconds, '300');
  return t(`priceAlerts.fired.${condition}`, {
    symbol: params.symbol ?? '',
    price: displayDecimal(params.price),
    level: displayDecimal(params.level),
    percent: displayDecimal(params.percent),
    window: t(`priceAlerts.windows.${window}`),
  });
}
