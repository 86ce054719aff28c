import { RISK_DISCLOSURE_SLUG } from '@app/contract/content';
import { Dialog } from 'antd-mobile';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

/** Spec storage key: set once the user accepted the risk disclosure before their first order. */
export const RISK_ACCEPTED_KEY = 'riskAccepted';

export function isRiskAccepted(): boolean {
  try {
    return window.localStorage.getItem(RISK_ACCEPTED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberRiskAccepted(): void {
  try {
    window.localStorage.setItem(RISK_ACCEPTED_KEY, '1');
  } catch {
    // Asked again next time: better than never asking.
  }
}

interface RiskDialogProps {
  visible: boolean;
  onAccept: () => void;
  onClose: () => void;
}

export function RiskDialog({ visible, onAccept, onClose }: RiskDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={visible}
      title={t('trade.riskTitle')}
      content={
        <>
          <p className="risk-text">{t('trade.riskText')}</p>
          {/* The help centre holds the whole disclosure; it opens in place of the trade screen. */}
          <Link className="link risk-link" to={`/bz2?slug=${RISK_DISCLOSURE_SLUG}`}>
            {t('content.riskReadMore')}
          </Link>
        </>
      }
      onClose={onClose}
      actions={[
        [
          { key: 'decline', text: t('trade.riskDecline') },
          { key: 'accept', text: t('trade.riskAccept'), bold: true },
        ],
      ]}
      onAction={(action) => {
        if (action.key === 'accept') {
          rememberRiskAccepted();
          onAccept();
        } else {
          onClose();
        }
      }}
    />
  );
}
