import type { IdCardStatus } from '@app/contract/kyc';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/notify';
import { useIdCard } from '../api/get-id-card';
import { IdCardForm } from '../components/id-card-form';
import '../identity.css';
import { formatDateTime } from '../../../lib/time';

export default function RealnamePage() {
  const { t } = useTranslation();
  const idCard = useIdCard();
  const status = idCard.data?.status;

  return (
    <NavPage title={t('identity.title')} fallback="/my">
      {idCard.isPending && <div className="card kyc-state kyc-state--loading" aria-busy="true" />}
      {idCard.isError && (
        <section className="card kyc-state">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => idCard.refetch()}>
            {t('common.retry')}
          </button>
        </section>
      )}
      {idCard.data && status !== 'none' && <KycState card={idCard.data} />}
      {(status === 'none' || status === 'rejected') && (
        <>
          <p className="page__intro">{status === 'rejected' ? t('identity.resubmit') : t('identity.intro')}</p>
          <div className="card card--form">
            <IdCardForm onSuccess={() => showSuccess(t('toast.submittedSuccess'))} />
          </div>
        </>
      )}
    </NavPage>
  );
}

const STATE_ICONS: Record<'pending' | 'approved' | 'rejected', ReactNode> = {
  pending: <ClockCircleFill />,
  approved: <CheckCircleFill />,
  rejected: <CloseCircleFill />,
};

function KycState({ card }: { card: IdCardStatus }) {
  const { t } = useTranslation();
  if (card.status === 'none') return null;
  const texts = {
    pending: { title: t('identity.pendingTitle'), text: t('identity.pendingText') },
    approved: { title: t('identity.approvedTitle'), text: t('identity.approvedText') },
    rejected: {
      title: t('identity.rejectedTitle'),
      text: card.rejectReason ? t('identity.rejectReason', { reason: card.rejectReason }) : '',
    },
  }[card.status];
  const time = (value: string | null) => (value ? formatDateTime(value) : '-');
  return (
    <section className={`card kyc-state kyc-state--${card.status}`} aria-labelledby="kyc-state-title" role="status">
      <div className="kyc-state__icon" aria-hidden="true">
        {STATE_ICONS[card.status]}
      </div>
      <h2 className="kyc-state__title" id="kyc-state-title">
        {texts.title}
      </h2>
      {texts.text && <p className="kyc-state__text">{texts.text}</p>}
      <dl className="kyc-state__facts">
        {card.realName && (
          <div>
            <dt>{t('identity.name')}</dt>
            <dd>{card.realName}</dd>
          </div>
        )}
        {card.idNumber && (
          <div>
            <dt>{t('identity.number')}</dt>
            <dd className="mono">{card.idNumber}</dd>
          </div>
        )}
        <div>
          <dt>{t('identity.submittedAt')}</dt>
          <dd>{time(card.submittedAt)}</dd>
        </div>
        {card.reviewedAt && (
          <div>
            <dt>{t('identity.reviewedAt')}</dt>
            <dd>{time(card.reviewedAt)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
