import type { FairEpoch } from '@app/contract/fair-epochs';
import { useState } from 'react';
import { Link } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/time';
import { useFairEpochs, useFairKey, useLatestCheckpoint } from '../api/get-fair-public';
import { OutcomeSentence, provenOutcome, ReceiptChecks, useReceiptVerification } from '../components/receipt-checks';
import { ed25519KeyHexOfPem } from '../verify/web-crypto';
import '../fair.css';

/** How many upcoming commitments and revealed seeds the page lists (the API has a day of each). */
const SHOWN_EPOCHS = 5;

/**
 * `/fair` (public, no sign-in): the provably fair scheme in plain words, the latest signed
 * checkpoint, the upcoming commitments and the revealed seeds, and a box that checks a pasted receipt.
 */
export default function FairPage() {
  const { t } = useTranslation();
  return (
    <NavPage title={t('fair.title')} fallback="/" className="page--fair">
      <p className="fair-intro">{t('fair.intro')}</p>
      <section className="card fair-how" aria-labelledby="fair-how-title">
        <h2 className="card__title" id="fair-how-title">
          {t('fair.howTitle')}
        </h2>
        <h3>{t('fair.chainTitle')}</h3>
        <p>{t('fair.chain')}</p>
        <h3>{t('fair.checkpointsTitle')}</h3>
        <p>{t('fair.checkpoints')}</p>
        <h3>{t('fair.commitmentsTitle')}</h3>
        <p>{t('fair.commitments')}</p>
        <h3>{t('fair.receiptsTitle')}</h3>
        <p>{t('fair.receipts')}</p>
        <h3>{t('fair.liabilitiesTitle')}</h3>
        <p>
          {t('fair.liabilities')} <Link to="/liabilities">{t('fair.liabilitiesLink')}</Link>
        </p>
        <h3>{t('fair.limitsTitle')}</h3>
        <p>{t('fair.limits')}</p>
      </section>
      <LatestCheckpoint />
      <Epochs />
      <PastedReceipt />
    </NavPage>
  );
}

function LatestCheckpoint() {
  const { t } = useTranslation();
  const checkpoint = useLatestCheckpoint();
  const key = useFairKey();
  const keyHex = key.data ? (ed25519KeyHexOfPem(key.data.pem) ?? key.data.hex) : null;
  return (
    <section className="card" aria-labelledby="fair-checkpoint-title" data-testid="fair-checkpoint">
      <h2 className="card__title" id="fair-checkpoint-title">
        {t('fair.latestTitle')}
      </h2>
      {checkpoint.data ? (
        <dl className="fair-facts">
          <dt>{t('fair.seq')}</dt>
          <dd>#{checkpoint.data.seq}</dd>
          <dt>{t('fair.minute')}</dt>
          <dd>{formatDateTime(checkpoint.data.timeMs)}</dd>
          <dt>{t('fair.hash')}</dt>
          <dd className="fair-mono">{checkpoint.data.hash}</dd>
          <dt>{t('fair.signature')}</dt>
          <dd className="fair-mono">{checkpoint.data.signature}</dd>
          <dt>{t('fair.signedBy')}</dt>
          <dd className="fair-mono">{keyHex ?? '--'}</dd>
        </dl>
      ) : checkpoint.isError ? (
        <p className="fair-hint">{t('common.loadFailed')}</p>
      ) : checkpoint.isPending ? (
        <div className="skeleton skeleton--line" aria-busy="true" />
      ) : (
        <p className="fair-hint">{t('fair.noCheckpoint')}</p>
      )}
    </section>
  );
}

function Epochs() {
  const { t } = useTranslation();
  const epochs = useFairEpochs();
  const now = Date.now();
  const list = epochs.data ?? [];
  const upcoming = list.filter((epoch) => epoch.startMs > now).slice(0, SHOWN_EPOCHS);
  const revealed = list
    .filter((epoch) => epoch.seed !== null)
    .slice(-SHOWN_EPOCHS)
    .reverse();
  const state = epochs.isError ? t('common.loadFailed') : epochs.isPending ? t('common.loading') : null;
  return (
    <>
      <section className="card" aria-labelledby="fair-upcoming-title" data-testid="fair-upcoming">
        <h2 className="card__title" id="fair-upcoming-title">
          {t('fair.upcomingTitle')}
        </h2>
        <p className="fair-hint">{t('fair.upcomingHint')}</p>
        {state ? <p className="fair-hint">{state}</p> : <EpochList epochs={upcoming} field="commitment" />}
      </section>
      <section className="card" aria-labelledby="fair-revealed-title" data-testid="fair-revealed">
        <h2 className="card__title" id="fair-revealed-title">
          {t('fair.revealedTitle')}
        </h2>
        <p className="fair-hint">{t('fair.revealedHint')}</p>
        {state ? <p className="fair-hint">{state}</p> : <EpochList epochs={revealed} field="seed" />}
      </section>
    </>
  );
}

function EpochList({ epochs, field }: { epochs: FairEpoch[]; field: 'commitment' | 'seed' }) {
  const { t } = useTranslation();
  if (epochs.length === 0) return <p className="fair-hint">{t('fair.noneYet')}</p>;
  return (
    <ul className="fair-epochs">
      {epochs.map((epoch) => (
        <li key={epoch.startMs}>
          <span className="fair-epochs__label">{t('fair.from', { time: formatDateTime(epoch.startMs) })}</span>
          <span className="fair-mono">{epoch[field]}</span>
        </li>
      ))}
    </ul>
  );
}

function PastedReceipt() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [receipt, setReceipt] = useState<unknown>(undefined);
  const [isNotJson, setIsNotJson] = useState(false);
  const key = useFairKey();
  const publishedKeyPem = key.data ? key.data.pem : key.isError ? null : undefined;
  const verification = useReceiptVerification(receipt, publishedKeyPem);

  const check = () => {
    try {
      setReceipt(JSON.parse(text));
      setIsNotJson(false);
    } catch {
      setReceipt(undefined);
      setIsNotJson(true);
    }
  };
  return (
    <section className="card" aria-labelledby="fair-paste-title">
      <h2 className="card__title" id="fair-paste-title">
        {t('fair.pasteTitle')}
      </h2>
      <p className="fair-hint">{t('fair.pasteHint')}</p>
      <textarea
        className="fair-paste"
        aria-label={t('fair.pasteLabel')}
        placeholder={t('fair.pastePlaceholder')}
        value={text}
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="fair-actions">
        <button type="button" className="btn btn--primary btn--small" onClick={check} disabled={text.trim() === ''}>
          {t('fair.checkButton')}
        </button>
      </div>
      {isNotJson && (
        <p className="fair-error" role="alert">
          {t('fair.notJson')}
        </p>
      )}
      {provenOutcome(verification) && <OutcomeSentence outcome={provenOutcome(verification)!} />}
      <ReceiptChecks verification={verification} />
    </section>
  );
}
