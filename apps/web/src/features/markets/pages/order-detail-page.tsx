import { type Order, orderAwaitsEntry } from '@app/contract/markets';
import { CheckShieldOutline, DownlandOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { downloadReceipt, getFairReceipt } from '../../../lib/fair-receipt';
import { groupDigits } from '../../../lib/group-digits';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney, displaySignedMoney } from '../../../lib/money';
import { trendOf } from '../../../lib/price';
import { formatDateTime } from '../../../lib/time';
import { useTicks } from '../../../lib/use-ticks';
import { useOrder } from '../api/get-order';
import { DirectionTag, OrderStatus } from '../components/order-status';
import { PositionCard } from '../components/position-card';
import { ratePercent } from '../components/trade-math';
import { useDarkTheme } from '../hooks/use-dark-theme';
import { useNow } from '../hooks/use-now';
import { entryDeadlines, useOrderSync } from '../hooks/use-order-sync';
import '../markets.css';
import { useProductName } from '../../../lib/i18n/product-name';

const formatTime = (time: string | null) => (time ? formatDateTime(time, { seconds: true }) : '--');
/** Recorded prices as the server wrote them (the product's precision), grouped as the language writes numbers. */
const formatTickPrice = (price: string | null) => (price ? groupDigits(price) : '--');

/** Every field of one order (open or settled), reachable from every order list. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  useDarkTheme();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const order = useOrder(id);

  return (
    <NavPage title={t('orders.detailTitle')} fallback="/orderrecord" className="markets-page">
      {order.isPending && order.fetchStatus !== 'idle' ? (
        <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
      ) : order.isError && !order.data ? (
        <div className="list-state">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => order.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : !order.data ? (
        <div className="list-state">
          <p>{t('orders.notFound')}</p>
          <Link className="btn btn--ghost btn--small" to="/orderrecord">
            {t('orders.recordsTitle')}
          </Link>
        </div>
      ) : (
        <OrderDetail order={order.data} />
      )}
    </NavPage>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const isOpen = order.status === 'open';
  const deadline = Date.parse(order.endTime);
  // The entry tick (and the result) come over the socket; without it, looked for again at these moments.
  useOrderSync(isOpen ? [deadline, ...entryDeadlines(order)] : []);
  const now = useNow(1_000, isOpen);
  const { tick } = useTicks(isOpen ? order.symbol : '');

  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'id', label: t('orders.orderNumber'), value: <span className="mono">{order.id}</span> },
    {
      key: 'product',
      label: t('orders.product'),
      value: `${order.symbol} · ${nameOf(order.productNameI18n, order.productName)}`,
    },
    { key: 'direction', label: t('trade.direction'), value: <DirectionTag direction={order.direction} /> },
    { key: 'period', label: t('orders.period'), value: t('trade.seconds', { count: order.period }) },
    { key: 'amount', label: t('orders.investmentAmount'), value: `${displayMoney(order.amount)} USDT` },
    { key: 'fee', label: t('orders.processingFee'), value: `${displayMoney(order.fee)} USDT` },
    { key: 'balance', label: t('orders.balance'), value: `${displayMoney(order.balanceAfter)} USDT` },
    { key: 'rate', label: t('orders.payoutRate'), value: `${ratePercent(order.payoutRate)}%` },
    {
      key: 'opening',
      label: t('orders.opening'),
      value: orderAwaitsEntry(order) ? (
        <span data-testid="order-awaiting-entry">{t('orders.awaitingEntry')}</span>
      ) : (
        <TickValue tick={order.entry} />
      ),
    },
    { key: 'lowest', label: t('orders.lowest'), value: formatTickPrice(order.lowest) },
    { key: 'highest', label: t('orders.highest'), value: formatTickPrice(order.highest) },
    { key: 'exit', label: t('orders.exit'), value: <TickValue tick={order.exit} /> },
    { key: 'created', label: t('orders.createdAt'), value: formatTime(order.createdAt) },
    { key: 'end', label: t('orders.endTime'), value: formatTime(order.endTime) },
    { key: 'settled', label: t('orders.settledAt'), value: formatTime(order.settledAt) },
  ];

  return (
    <>
      {order.account === 'practice' && (
        <p className="order-head__practice" data-testid="order-practice">
          {t('orders.practiceTag')}
        </p>
      )}
      <header className="order-head">
        <div className="order-head__top">
          <strong>{order.symbol}</strong>
          <OrderStatus status={order.status} />
        </div>
        {order.profit !== null ? (
          <p className={`order-head__profit is-${trendOf(order.profit)}`}>
            <small>{t('orders.profit')}</small>
            {displaySignedMoney(order.profit)} USDT
          </p>
        ) : (
          <p className="order-head__profit">
            <small>{t('orders.investmentAmount')}</small>
            {displayMoney(order.amount)} USDT
          </p>
        )}
      </header>
      {isOpen && (
        <PositionCard order={order} deadlineMs={deadline} now={now} livePrice={tick?.price ?? null} isLink={false} />
      )}
      <dl className="detail-list">
        {rows.map((row) => (
          <div key={row.key} className="detail-list__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
        <div className="detail-list__row">
          <dt>{t('orders.result')}</dt>
          <dd>
            <OrderStatus status={order.status} />
          </dd>
        </div>
        <div className="detail-list__row">
          <dt>{t('orders.payout')}</dt>
          <dd>{order.payout === null ? '--' : `${displayMoney(order.payout)} USDT`}</dd>
        </div>
        <div className="detail-list__row">
          <dt>{t('orders.profit')}</dt>
          <dd className={order.profit ? `is-${trendOf(order.profit)}` : undefined}>
            {order.profit === null ? '--' : `${displaySignedMoney(order.profit)} USDT`}
          </dd>
        </div>
      </dl>
      <p className="detail-note">{order.status === 'void' ? t('orders.voidNote') : t('orders.checkNote')}</p>
      <ReceiptActions orderId={order.id} />
    </>
  );
}

/**
 * "Verify" opens the receipt's checks (the fair-receipts feature's screen; features only link to each
 * other) and "Download receipt" saves the receipt as the file verify.mjs reads.
 */
function ReceiptActions({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const [isDownloading, setIsDownloading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const download = async () => {
    setIsDownloading(true);
    setHasFailed(false);
    try {
      downloadReceipt(await getFairReceipt(orderId));
    } catch {
      setHasFailed(true);
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <section className="receipt-actions" aria-label={t('orders.fairNote')}>
      <div className="receipt-actions__buttons">
        <Link className="btn btn--ghost btn--small" to={`/fairverify?order=${encodeURIComponent(orderId)}`}>
          <CheckShieldOutline aria-hidden="true" /> {t('orders.verify')}
        </Link>
        <button type="button" className="btn btn--ghost btn--small" onClick={download} disabled={isDownloading}>
          <DownlandOutline aria-hidden="true" /> {t('orders.downloadReceipt')}
        </button>
      </div>
      {hasFailed && (
        <p className="receipt-actions__error" role="alert">
          {t('orders.receiptFailed')}
        </p>
      )}
      <p className="receipt-actions__more">
        <Link to="/fair">{t('orders.fairNote')}</Link>
      </p>
    </section>
  );
}

function TickValue({ tick }: { tick: Order['entry'] }) {
  const { t } = useTranslation();
  if (!tick) return <>--</>;
  return <>{t('orders.priceAt', { price: formatTickPrice(tick.price), time: formatTime(tick.time) })}</>;
}
