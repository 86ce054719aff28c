import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { groupDigits } from '../../../lib/group-digits';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { formatDateTime } from '../../../lib/time';
import {
  type DerivedOutcome,
  type ReceiptCheck,
  type ReceiptVerification,
  verifyReceipt,
} from '../verify/verify-receipt';
import { canVerify } from '../verify/web-crypto';

export type VerificationState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'no-webcrypto' }
  | { state: 'crashed' }
  | { state: 'done'; result: ReceiptVerification };

/**
 * Runs the checks on a receipt (the parsed JSON) in this browser; `publishedKeyPem`: the key the
 * platform publishes (undefined while it loads, null when it could not be read: that check is left out).
 */
export function useReceiptVerification(receipt: unknown, publishedKeyPem: string | null | undefined) {
  const [state, setState] = useState<VerificationState>({ state: 'idle' });
  useEffect(() => {
    if (receipt === undefined || publishedKeyPem === undefined) {
      setState({ state: receipt === undefined ? 'idle' : 'checking' });
      return;
    }
    if (!canVerify()) {
      setState({ state: 'no-webcrypto' });
      return;
    }
    let isCurrent = true;
    setState({ state: 'checking' });
    verifyReceipt(receipt, publishedKeyPem).then(
      (result) => isCurrent && setState({ state: 'done', result }),
      () => isCurrent && setState({ state: 'crashed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [receipt, publishedKeyPem]);
  return state;
}

/** The facts a reason names, as the screens write them. */
function useReasonText() {
  const { t } = useTranslation();
  return (check: ReceiptCheck) => {
    const { code, values = {} } = check.reason;
    const isStatus = code.startsWith('result_');
    const isMoney = code.startsWith('payout_');
    const word = (value: string | undefined) =>
      value === undefined
        ? ''
        : isStatus
          ? t(`orders.status.${value as 'won'}`)
          : isMoney
            ? displayMoney(value)
            : groupDigits(value);
    return t(`fair.reason.${code as 'shape_ok'}`, {
      time: values.time === undefined ? '' : formatDateTime(values.time, { seconds: true }),
      price: values.price === undefined ? '' : groupDigits(values.price),
      expected: word(values.expected),
      recorded: word(values.recorded),
      count: values.count ?? 0,
      seq: values.seq ?? 0,
      symbol: values.symbol ?? '',
      fields: values.fields ?? '',
    });
  };
}

/** "Exit 87,251.00 > entry 87,250.12: rise wins; payout 185 USDT", from the ticks, not the order. */
export function OutcomeSentence({ outcome }: { outcome: DerivedOutcome }) {
  const { t } = useTranslation();
  const payout = displayMoney(outcome.payout);
  const text =
    outcome.status === 'void'
      ? t(outcome.voidAt === 'exit' ? 'fair.outcome.voidExit' : 'fair.outcome.voidEntry', { payout })
      : t(
          `fair.outcome.${outcome.status === 'tie' ? 'tie' : `${outcome.direction}_${outcome.status}`}` as 'fair.outcome.tie',
          {
            entry: groupDigits(outcome.entry!.price),
            exit: groupDigits(outcome.exit!.price),
            payout,
          },
        );
  return (
    <p className="receipt-outcome" data-testid="receipt-outcome">
      {text}
    </p>
  );
}

/**
 * The result the checks prove, once every one of them passed: a screen never says more than the
 * checks behind it (with a cross anywhere, the prices it would come from are not established).
 */
export function provenOutcome(verification: VerificationState): DerivedOutcome | null {
  if (verification.state !== 'done') return null;
  const { result } = verification;
  const isAllOk = result.isVerifiable && result.checks.every((check) => check.isOk);
  return isAllOk ? result.outcome : null;
}

/**
 * Not checkable (yet): the time it will be; an open order without one; or never, when the server
 * says neither (the order's ticks were pruned after 7 days: docs §3.2).
 */
export type Pending = 'soon' | 'at' | 'never';

export function pendingOf(verification: VerificationState): Pending | null {
  if (verification.state !== 'done' || verification.result.isVerifiable) return null;
  const { result } = verification;
  if (result.verifiableAtMs !== null) return 'at';
  return result.orderStatus === 'open' ? 'soon' : 'never';
}

function pendingText(result: ReceiptVerification, t: ReturnType<typeof useTranslation>['t']): string {
  if (result.verifiableAtMs !== null) {
    return t('fair.notYet', { time: formatDateTime(result.verifiableAtMs, { seconds: true }) });
  }
  return result.orderStatus === 'open' ? t('fair.notYetSoon') : t('fair.never');
}

/** Every check with a tick or a cross and its reason, then the verdict. */
export function ReceiptChecks({ verification }: { verification: VerificationState }) {
  const { t } = useTranslation();
  const reasonOf = useReasonText();
  if (verification.state === 'idle') return null;
  if (verification.state === 'no-webcrypto') return <p role="alert">{t('fair.noWebCrypto')}</p>;
  if (verification.state === 'crashed') return <p role="alert">{t('fair.checkFailedToRun')}</p>;
  if (verification.state === 'checking') {
    return (
      <p aria-busy="true" role="status">
        {t('fair.checking')}
      </p>
    );
  }
  const { result } = verification;
  if (!result.isVerifiable) {
    return (
      <p className="receipt-verdict receipt-verdict--pending" role="status" data-testid="receipt-pending">
        {pendingText(result, t)}
      </p>
    );
  }
  const isAllOk = result.checks.every((check) => check.isOk);
  return (
    <>
      <ul className="receipt-checks__list">
        {result.checks.map((check) => {
          const state = check.isOk ? 'ok' : 'failed';
          return (
            <li
              key={check.name}
              className={`receipt-check receipt-check--${state}`}
              data-testid={`receipt-check-${check.name}`}
            >
              <span className="receipt-check__mark" aria-hidden="true">
                {check.isOk ? <CheckCircleFill /> : <CloseCircleFill />}
              </span>
              <span className="receipt-check__body">
                <span className="receipt-check__text">{t(`fair.check.${check.name}`)}</span>
                <span className="receipt-check__reason">{reasonOf(check)}</span>
              </span>
              <span className="sr-only">{t(`fair.state.${state}`)}</span>
            </li>
          );
        })}
      </ul>
      {result.kind === 'streamed' && <p className="fair-hint">{t('fair.streamedNote')}</p>}
      <p className={`receipt-verdict receipt-verdict--${isAllOk ? 'ok' : 'failed'}`} role="status">
        {isAllOk ? t('fair.allPassed') : t('fair.someFailed')}
      </p>
    </>
  );
}
