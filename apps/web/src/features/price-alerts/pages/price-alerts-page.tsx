import type { PriceAlert } from '@app/contract/price-alerts';
import { Switch } from 'antd-mobile';
import { Link } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { useDeletePriceAlert, usePriceAlerts, useSetPriceAlertEnabled } from '../../../lib/api/price-alerts';
import { confirmAction } from '../../../lib/dialog';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/notify';
import { displayDecimal } from '../../../lib/price';
import { formatShortDateTime } from '../../../lib/time';
import '../price-alerts.css';

/** `/pricealerts` (issue 15): every alert of the user, on or off, the last firing, delete. */
export default function PriceAlertsPage() {
  const { t } = useTranslation();
  const alerts = usePriceAlerts();
  return (
    <NavPage title={t('priceAlerts.title')} fallback="/my">
      <p className="alert-page__note">{t('priceAlerts.serverNote')}</p>
      {alerts.data ? (
        alerts.data.list.length === 0 ? (
          <p className="list-state">
            {t('priceAlerts.empty')}{' '}
            <Link className="link" to="/hq">
              {t('markets.allMarkets')}
            </Link>
          </p>
        ) : (
          <>
            <p className="alert-page__note">
              {t('priceAlerts.count', { count: alerts.data.list.length, max: alerts.data.max })}
            </p>
            <ul className="alert-list">
              {alerts.data.list.map((alert) => (
                <AlertRow key={alert.id} alert={alert} />
              ))}
            </ul>
          </>
        )
      ) : alerts.isError ? (
        <div className="list-state">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => alerts.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
      )}
    </NavPage>
  );
}

export function conditionText(t: TFunction, alert: PriceAlert): string {
  if (alert.kind === 'move') {
    const window = String(alert.windowSeconds ?? 300) as '300' | '3600' | '86400';
    return t('priceAlerts.condition.move', {
      percent: displayDecimal(alert.percent),
      window: t(`priceAlerts.windows.${window}`),
    });
  }
  return t(`priceAlerts.condition.${alert.kind}`, { price: displayDecimal(alert.price) });
}

function AlertRow({ alert }: { alert: PriceAlert }) {
  const { t } = useTranslation();
  const setEnabled = useSetPriceAlertEnabled();
  const remove = useDeletePriceAlert();
  const condition = conditionText(t, alert);
  const state = alert.isEnabled
    ? t('priceAlerts.state.on')
    : alert.triggeredAt && alert.triggeredPrice
      ? t('priceAlerts.state.fired', {
          price: displayDecimal(alert.triggeredPrice),
          time: formatShortDateTime(alert.triggeredAt),
        })
      : t('priceAlerts.state.off');
  const askDelete = async () => {
    const isConfirmed = await confirmAction({
      content: t('priceAlerts.deleteConfirm'),
      confirmText: t('priceAlerts.delete'),
      cancelText: t('common.cancel'),
    });
    if (isConfirmed) remove.mutate(alert.id, { onError: (error) => showError(error) });
  };
  return (
    <li className="alert-item" data-testid="price-alert">
      <div className="alert-item__main">
        <strong>
          <Link className="link" to={`/xq?symbol=${encodeURIComponent(alert.symbol)}`}>
            {alert.symbol}
          </Link>{' '}
          · {condition}
        </strong>
        <small>{t('priceAlerts.armedFrom', { price: displayDecimal(alert.referencePrice) })}</small>
        <small className={alert.triggeredAt && !alert.isEnabled ? 'alert-item__state--fired' : undefined}>
          {state}
        </small>
      </div>
      <Switch
        checked={alert.isEnabled}
        loading={setEnabled.isPending}
        aria-label={`${t('priceAlerts.toggle')}: ${alert.symbol} ${condition}`}
        onChange={(enabled) => setEnabled.mutate({ id: alert.id, enabled }, { onError: (error) => showError(error) })}
      />
      <button type="button" className="alert-item__delete" onClick={askDelete} disabled={remove.isPending}>
        {t('priceAlerts.delete')}
      </button>
    </li>
  );
}
