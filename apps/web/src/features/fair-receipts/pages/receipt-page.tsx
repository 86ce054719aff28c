import { DownlandOutline } from 'antd-mobile-icons';
import { Link, useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { downloadReceipt } from '../../../lib/fair-receipt';
import { useTranslation } from '../../../lib/i18n';
import { useFairKey } from '../api/get-fair-public';
import { useReceipt } from '../api/get-receipt';
import {
  OutcomeSentence,
  pendingOf,
  provenOutcome,
  ReceiptChecks,
  useReceiptVerification,
} from '../components/receipt-checks';
import '../fair.css';

/**
 * `/fairverify?order=ID`: the user's order receipt checked in this browser (issue 13 §3), each check
 * with a tick or a cross, and the result re-derived from the signed ticks. The order detail links here.
 */
export default function ReceiptPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const receipt = useReceipt(orderId);
  const key = useFairKey();
  // The published key once read; null when it cannot be (the check is then left out, not passed).
  const publishedKeyPem = key.data ? key.data.pem : key.isError ? null : undefined;
  const verification = useReceiptVerification(receipt.data, publishedKeyPem);
  const outcome = provenOutcome(verification);
  const back = orderId ? `/orderdetail?id=${encodeURIComponent(orderId)}` : '/orderrecord';

  return (
    <NavPage title={t('fair.verifyTitle')} fallback={back} className="page--fair">
      <p className="fair-intro">{t('fair.verifyIntro', { id: orderId })}</p>
      {receipt.data ? (
        <>
          {outcome && (
            <section className="card" aria-labelledby="receipt-outcome-title">
              <h2 className="card__title" id="receipt-outcome-title">
                {t('fair.outcomeTitle')}
              </h2>
              <OutcomeSentence outcome={outcome} />
            </section>
          )}
          <section className="card" aria-labelledby="receipt-checks-title">
            <h2 className="card__title" id="receipt-checks-title">
              {pendingOf(verification) === 'never'
                ? t('fair.neverTitle')
                : pendingOf(verification)
                  ? t('fair.pendingTitle')
                  : t('fair.checksTitle')}
            </h2>
            <ReceiptChecks verification={verification} />
          </section>
          <section className="card" aria-labelledby="receipt-yourself-title">
            <h2 className="card__title" id="receipt-yourself-title">
              {t('fair.yourselfTitle')}
            </h2>
            <p className="fair-hint">{t('fair.scriptHint')}</p>
            <div className="fair-actions">
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => receipt.data && downloadReceipt(receipt.data)}
              >
                <DownlandOutline aria-hidden="true" /> {t('fair.download')}
              </button>
              <Link className="btn btn--ghost btn--small" to="/fair">
                {t('fair.howItWorks')}
              </Link>
            </div>
          </section>
        </>
      ) : receipt.isError ? (
        <section className="card list-state" role="alert">
          <p>{receipt.error.message}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => receipt.refetch()}>
            {t('common.retry')}
          </button>
        </section>
      ) : (
        <section className="card" aria-busy="true" aria-label={t('common.loading')}>
          <div className="skeleton skeleton--line" />
        </section>
      )}
    </NavPage>
  );
}
