import type { OrderAccount } from '@app/contract/markets';
import { displayMoney } from '../../../lib/money';
import { showError, showSuccess } from '../../../lib/notify';
import { useIsSignedIn } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { setTradingAccount, usePracticeBalance, useTradingAccount } from '../../../lib/trading-account';
import { useResetPractice } from '../api/reset-practice';
import { usePracticeTexts } from '../practice-texts';
import '../practice.css';

/**
 * The switch at the top of every trading screen (issue 14): real or practice. While practice is on,
 * a colour band says so in words, with the practice balance and its once-a-day reset.
 */
export function PracticeBar() {
  const tp = usePracticeTexts();
  const isSignedIn = useIsSignedIn();
  const account = useTradingAccount();
  const isPractice = isSignedIn && account === 'practice';
  const balance = usePracticeBalance(isPractice);
  const reset = useResetPractice();
  if (!isSignedIn) return null;

  const choose = (next: OrderAccount) => setTradingAccount(next);
  const onReset = async () => {
    try {
      await reset.mutateAsync();
      showSuccess(tp('resetDone'));
    } catch (error) {
      showError(error);
    }
  };
  const nextResetAt = balance.data?.nextResetAt ?? null;

  return (
    <section
      className={`practice-bar${isPractice ? ' practice-bar--on' : ''}`}
      aria-label={tp('switchLabel')}
      data-account={account}
    >
      <div className="practice-bar__switch">
        {(['real', 'practice'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={account === value}
            className={`practice-bar__option${account === value ? ' practice-bar__option--active' : ''}`}
            onClick={() => choose(value)}
          >
            {tp(value)}
          </button>
        ))}
      </div>
      {isPractice && (
        <div className="practice-bar__band" role="status" data-testid="practice-band">
          <strong className="practice-bar__label">{tp('practice')}</strong>
          <span className="practice-bar__note">{tp('band')}</span>
          <span className="practice-bar__balance">
            {tp('balance')}: <b data-testid="practice-balance">{displayMoney(balance.data?.available)}</b> USDT
          </span>
          {nextResetAt ? (
            <small className="practice-bar__note">{tp('resetTomorrow', { time: formatDateTime(nextResetAt) })}</small>
          ) : (
            <button type="button" className="practice-bar__reset" onClick={onReset} disabled={reset.isPending}>
              {tp('reset')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
