import { formatAmount } from '@app/contract/amount';
import type { LiabilityProof, LiabilitySummary } from '@app/contract/fair-liabilities';
import { CheckCircleFill, CloseCircleFill, DownlandOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { NavPage } from '../../../components/nav-page';
import { displayMoney } from '../../../lib/money';
import { formatDateTime } from '../../../lib/time';
import { useLiabilities } from '../api/get-liabilities';
import { useLiabilityProof } from '../api/get-liability-proof';
import { canHash, checkProof, type ProofCheck } from '../components/check-proof';
import '../liabilities.css';
import { useTranslation } from '../../../lib/i18n';

/** Minor units (USDT: 10^-6) as the screens show money. */
const money = (minor: string) => displayMoney(formatAmount(BigInt(minor)));

/**
 * `/liabilities`: proof of liabilities (issue 13, section 4). The user's leaf and path in a day's
 * Merkle sum tree, checked here with WebCrypto, each check with a tick or a cross.
 */
export default function LiabilitiesPage() {
  const { t } = useTranslation();
  const [day, setDay] = useState<string | undefined>(undefined);
  const published = useLiabilities();
  const proof = useLiabilityProof(day);
  const days = published.data?.list ?? [];

  return (
    <NavPage title={t('liabilities.title')} fallback="/wallet" className="page--liabilities">
      <p className="page__intro">{t('liabilities.intro')}</p>
      {days.length > 1 && (
        <label className="liabilities-day">
          <span>{t('liabilities.chooseDay')}</span>
          <select
            className="liabilities-day__select"
            value={day ?? ''}
            onChange={(event) => setDay(event.target.value || undefined)}
          >
            <option value="">{t('liabilities.latest')}</option>
            {days.map((entry) => (
              <option key={entry.day} value={entry.day}>
                {entry.day}
              </option>
            ))}
          </select>
        </label>
      )}
      {proof.data ? (
        <ProofView proof={proof.data} published={published.data?.list} isPublishedError={published.isError} />
      ) : proof.isError ? (
        <section className="card list-state" role="alert">
          <p>{proof.error.message}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => proof.refetch()}>
            {t('common.retry')}
          </button>
        </section>
      ) : (
        <section className="card" aria-busy="true" aria-label={t('common.loading')}>
          <div className="skeleton skeleton--line" />
        </section>
      )}
      <section className="card liabilities-about" aria-labelledby="liabilities-about-title">
        <h2 className="card__title" id="liabilities-about-title">
          {t('liabilities.aboutTitle')}
        </h2>
        <p>{t('liabilities.aboutProves')}</p>
        <p>{t('liabilities.aboutLimits')}</p>
      </section>
    </NavPage>
  );
}

function ProofView(props: {
  proof: LiabilityProof;
  published: readonly LiabilitySummary[] | undefined;
  isPublishedError: boolean;
}) {
  const { t } = useTranslation();
  const { proof } = props;
  const day = props.published?.find((entry) => entry.day === proof.day);
  return (
    <>
      <section className="card liabilities-summary" aria-labelledby="liabilities-summary-title">
        <h2 className="card__title" id="liabilities-summary-title">
          {t('liabilities.snapshot', { day: proof.day })}
        </h2>
        <dl className="liabilities-facts">
          {day && (
            <div>
              <dt>{t('liabilities.takenAt')}</dt>
              <dd>{formatDateTime(day.snapshotAt, { seconds: true })}</dd>
            </div>
          )}
          <div>
            <dt>{t('liabilities.yourBalance')}</dt>
            <dd data-testid="liability-balance">{money(proof.leaf.balanceMinor)} USDT</dd>
          </div>
          <div>
            <dt>{t('liabilities.allUsers')}</dt>
            <dd>{money(proof.root.sum)} USDT</dd>
          </div>
          <div>
            <dt>{t('liabilities.users')}</dt>
            <dd>{proof.root.leaves}</dd>
          </div>
          {day && (
            <div>
              <dt>{t('liabilities.ledgerTotal')}</dt>
              <dd>
                {money(day.ledgerTotal)} USDT
                {day.ledgerTotal !== day.total && (
                  <span className="liabilities-facts__warning"> {t('liabilities.ledgerDiffers')}</span>
                )}
              </dd>
            </div>
          )}
        </dl>
      </section>
      <Checks proof={proof} published={props.published} isPublishedError={props.isPublishedError} />
      <section className="card liabilities-details" aria-labelledby="liabilities-details-title">
        <h2 className="card__title" id="liabilities-details-title">
          {t('liabilities.checkYourself')}
        </h2>
        <p>{t('liabilities.scriptHint')}</p>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => downloadProof(proof)}>
          <DownlandOutline aria-hidden="true" /> {t('liabilities.download')}
        </button>
        <dl className="liabilities-hashes">
          <dt>{t('liabilities.leafId')}</dt>
          <dd>{proof.leaf.leafId}</dd>
          <dt>{t('liabilities.rootHash')}</dt>
          <dd>{proof.root.hash}</dd>
        </dl>
      </section>
    </>
  );
}

const CHECK_ORDER = ['shape', 'leaf_hash', 'path_fits_tree', 'root_hash', 'root_sum', 'published_root'] as const;

function Checks(props: {
  proof: LiabilityProof;
  published: readonly LiabilitySummary[] | undefined;
  isPublishedError: boolean;
}) {
  const { t } = useTranslation();
  const { proof, published } = props;
  const [checks, setChecks] = useState<ProofCheck[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const isHashing = canHash();

  useEffect(() => {
    setChecks(null);
    setFailure(null);
    if (!published || !isHashing) return;
    let isCurrent = true;
    checkProof(proof, published).then(
      (result) => isCurrent && setChecks(result),
      (error: unknown) => isCurrent && setFailure(String(error)),
    );
    return () => {
      isCurrent = false;
    };
  }, [proof, published, isHashing]);

  const isDone = checks !== null;
  const isAllOk = isDone && checks.every((c) => c.isOk);
  return (
    <section className="card liabilities-checks" aria-labelledby="liabilities-checks-title">
      <h2 className="card__title" id="liabilities-checks-title">
        {t('liabilities.checksTitle')}
      </h2>
      {!isHashing ? (
        <p role="alert">{t('liabilities.noWebCrypto')}</p>
      ) : failure || props.isPublishedError ? (
        <p role="alert">{t('liabilities.checkFailedToRun')}</p>
      ) : (
        <>
          <ul className="liabilities-checks__list" aria-busy={!isDone}>
            {CHECK_ORDER.map((name) => {
              const check = checks?.find((c) => c.name === name);
              const state = check === undefined ? 'pending' : check.isOk ? 'ok' : 'failed';
              return (
                <li
                  key={name}
                  className={`liabilities-check liabilities-check--${state}`}
                  data-testid={`check-${name}`}
                >
                  <span className="liabilities-check__mark" aria-hidden="true">
                    {state === 'ok' ? <CheckCircleFill /> : state === 'failed' ? <CloseCircleFill /> : '…'}
                  </span>
                  <span className="liabilities-check__text">
                    {t(`liabilities.check.${name}`, { count: proof.root.leaves, day: proof.day })}
                  </span>
                  <span className="sr-only">{t(`liabilities.state.${state}`)}</span>
                </li>
              );
            })}
          </ul>
          {isDone && (
            <p className={`liabilities-verdict liabilities-verdict--${isAllOk ? 'ok' : 'failed'}`} role="status">
              {isAllOk ? t('liabilities.allPassed') : t('liabilities.someFailed')}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function downloadProof(proof: LiabilityProof): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `vela-liability-proof-${proof.day.replace(/:/g, '-')}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
