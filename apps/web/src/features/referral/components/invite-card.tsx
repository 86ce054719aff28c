import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from '../../../lib/i18n';
import { useCopy } from './copy';

/** The invite code and link, a QR code of the link and their copy buttons. */
export function InviteCard({ code, link }: { code: string; link: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <section className="card invite-card" aria-labelledby="invite-card-title">
      <h2 className="card__title" id="invite-card-title">
        {t('invite.shareTitle')}
      </h2>
      <div className="invite-card__qr">
        <QRCodeSVG value={link} size={168} marginSize={0} level="M" role="img" aria-label={t('invite.qrLabel')} />
      </div>
      <div className="invite-card__row">
        <span className="invite-card__label">{t('invite.code')}</span>
        <span className="invite-card__code mono" data-testid="invite-code">
          {code}
        </span>
        <button type="button" className="chip-button" onClick={() => copy(code)} aria-label={t('invite.copyCode')}>
          {t('common.copy')}
        </button>
      </div>
      <div className="invite-card__link">
        <span className="invite-card__label">{t('invite.link')}</span>
        <p className="invite-card__link-text mono" data-testid="invite-link">
          {link}
        </p>
      </div>
      <button type="button" className="btn btn--primary btn--block" onClick={() => copy(link)}>
        {t('invite.copyLink')}
      </button>
    </section>
  );
}
