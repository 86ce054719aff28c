import { useQueryClient } from '@tanstack/react-query';
import { PRICE_ALERTS_QUERY_KEY } from '../../../lib/api/price-alerts';
import { i18n, loadScreenTexts, type MessageKey } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/notify';
import { displayDecimal } from '../../../lib/price';
import { useAccountEvents } from '../../../lib/realtime';

const WINDOWS = ['300', '3600', '86400'] as const;
const CONDITIONS = ['above', 'below', 'move'] as const;

/**
 * Mounted for a signed-in user on every screen: a price alert the server fired shows as a toast at
 * once (it is in the notification list too), and the alert list reads afresh.
 */
export default function PriceAlertToasts() {
  const queryClient = useQueryClient();
  useAccountEvents((event) => {
    if (event.type !== 'notification' || event.notification.kind !== 'price_alert') return;
    const { params } = event.notification;
    const condition = CONDITIONS.find((c) => c === params.condition) ?? 'above';
    const window = WINDOWS.find((w) => w === params.windowSeconds) ?? '300';
    // Mounted from the app's frame, before a first screen may have loaded the screens' texts.
    const text: MessageKey = `priceAlerts.fired.${condition}`;
    const windowText: MessageKey = `priceAlerts.windows.${window}`;
    void loadScreenTexts().then(() =>
      showSuccess(
        i18n.t(text, {
          symbol: params.symbol ?? '',
          price: displayDecimal(params.price),
          level: displayDecimal(params.level),
          percent: displayDecimal(params.percent),
          window: i18n.t(windowText),
        }),
      ),
    );
    void queryClient.invalidateQueries({ queryKey: PRICE_ALERTS_QUERY_KEY });
  });
  return null;
}
