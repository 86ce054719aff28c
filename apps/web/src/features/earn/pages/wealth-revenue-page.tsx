import { WEALTH_REVENUE_TYPES, type WealthRevenueEntry, type WealthRevenueType } from '@app/contract/wealth';
import { useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/infinite-list';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { displaySignedMoney } from '../../../lib/money';
import { formatDateTime } from '../../../lib/time';
import { useWealthRevenue } from '../api/get-wealth-revenue';
import '../wealth.css';

const FILTERS = ['all', ...WEALTH_REVENUE_TYPES] as const;
type Filter = (typeof FILTERS)[number];

/** `/revenue`: the revenue record of locked deposits: principal returned, profit paid, expenditure. */
export default function WealthRevenuePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('type');
  const filter: Filter = FILTERS.includes(asked as Filter) ? (asked as Filter) : 'all';
  const revenue = useWealthRevenue(filter === 'all' ? undefined : (filter as WealthRevenueType));
  return (
    <NavPage title={t('wealth.revenueTitle')} fallback="/lc">
      <div className="lc-tabs" role="tablist" aria-label={t('wealth.revenueTitle')}>
        {FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={filter === value}
            className={`lc-tab${filter === value ? ' lc-tab--active' : ''}`}
            onClick={() => setParams(value === 'all' ? {} : { type: value }, { replace: true })}
          >
            {t(`wealth.revenueTypes.${value}`)}
          </button>
        ))}
      </div>
      <section role="tabpanel" aria-label={t(`wealth.revenueTypes.${filter}`)}>
        <InfiniteList
          query={revenue}
          className="lc-rows"
          getKey={(entry) => entry.id}
          empty={t('wealth.revenueEmpty')}
          renderItem={(entry) => <RevenueRow entry={entry} />}
        />
      </section>
    </NavPage>
  );
}

function RevenueRow({ entry }: { entry: WealthRevenueEntry }) {
  const { t } = useTranslation();
  const isOut = entry.amount.startsWith('-');
  return (
    <article className="lc-row" aria-label={`${t(`wealth.revenueTypes.${entry.type}`)} ${entry.amount}`}>
      <div>
        <p className="lc-row__title">{t(`wealth.revenueTypes.${entry.type}`)}</p>
        <p className="lc-row__meta">
          {t('wealth.orderRef', { id: entry.orderId })} · {formatDateTime(entry.createdAt)}
        </p>
      </div>
      <p className={`lc-row__amount ${isOut ? 'is-down' : 'is-up'}`}>{displaySignedMoney(entry.amount)} USDT</p>
    </article>
  );
}
