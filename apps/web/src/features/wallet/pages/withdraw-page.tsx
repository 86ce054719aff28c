import { ERRORS } from '@app/contract/errors';
import type { WithdrawalMethod } from '@app/contract/wallet';
import { payoutAccountFor } from '@app/contract/wallet-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AmountField } from '../../../components/amount-field';
import { NavPage } from '../../../components/nav-page';
import { twoFactorRefusal } from '../../../components/pay-password-sheet';
import { isApiError } from '../../../lib/api/api-error';
import { useBalances } from '../../../lib/api/get-balances';
import { CONFIG_QUERY_KEY, useConfig } from '../../../lib/api/get-config';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { confirmAction } from '../../../lib/dialog';
import { useAmountForm } from '../../../lib/form/amount-form';
import { useTranslation } from '../../../lib/i18n';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { displayMoney } from '../../../lib/money';
import { showError, showSuccess } from '../../../lib/notify';
import { useCreateBankWithdrawal } from '../api/create-bank-withdrawal';
import { useCreateTrcWithdrawal } from '../api/create-trc-withdrawal';
import { BANK_CARD_QUERY_KEY, useBankCard } from '../api/get-bank-card';
import { USER_WALLETS_QUERY_KEY, useUserWallets } from '../api/get-user-wallets';
import { DestinationCooldown } from '../components/destination-cooldown';
import { displayFiat, fiatOfUsdtText } from '../components/fiat-amount';
import { previewWithdrawal } from '../components/withdraw-amount';
import { WithdrawDestination } from '../components/withdraw-destination';
import { WithdrawProtection } from '../components/withdraw-protection';
import { WithdrawSheet } from '../components/withdraw-sheet';
import '../wallet.css';

/** Errors that only another screen can fix: the dialog offers the way there. */
const FIXES: Partial<Record<number, { to: string; action: 'bindCard' | 'verify' | 'setPayPassword' }>> = {
  [ERRORS.bank_card_required.code]: { to: '/bindBankCard?redirect=/withdraw', action: 'bindCard' },
  [ERRORS.kyc_required.code]: { to: '/realname', action: 'verify' },
  [ERRORS.pay_password_not_set.code]: { to: '/txpassword?redirect=/withdraw', action: 'setPayPassword' },
};
/** Errors about the amount: shown under the field. */
const AMOUNT_ERRORS: readonly number[] = [
  ERRORS.amount_invalid.code,
  ERRORS.insufficient_balance.code,
  ERRORS.withdrawal_below_minimum.code,
  ERRORS.withdrawal_daily_limit.code,
];

export default function WithdrawPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const rules = useConfig().data?.wallet;
  const balances = useBalances();
  const bankCard = useBankCard();
  const wallets = useUserWallets();
  const user = useUserDetails().data;
  const bankWithdrawal = useCreateBankWithdrawal();
  const trcWithdrawal = useCreateTrcWithdrawal();
  const idempotency = useIdempotencyKey();

  const [method, setMethod] = useState<WithdrawalMethod>('bank');
  const [chosenWalletId, setWalletId] = useState<string>();
  const walletId = chosenWalletId ?? wallets.data?.[0]?.id;
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const [passwordError, setPasswordError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();

  const available = balances.data?.available;
  // A card is paid in its bank's currency from the platform's account in that currency, at that account's
  // rate, locked when the request is made (the server decides the same way: payoutAccountFor).
  const fx = (method === 'bank' && rules && payoutAccountFor(rules.bankAccounts, bankCard.data?.currency)) || null;
  const amount = useAmountForm({
    required: 'withdrawal_amount_required',
    invalid: 'amount_invalid',
    min: rules?.withdrawMinAmount,
    belowMin: t('withdraw.belowMin', { min: displayMoney(rules?.withdrawMinAmount) }),
    max: available,
    aboveMax: t('withdraw.exceedsAvailable'),
  });
  const preview = previewWithdrawal(amount.plain ?? '', rules);
  const wallet = wallets.data?.find((item) => item.id === walletId);
  const destination = method === 'bank' ? (bankCard.data?.cardNumber ?? '') : (wallet?.address ?? '');
  const canSend = method === 'bank' ? Boolean(bankCard.data) : Boolean(wallet);
  // Issue 14: a card or address still in its cooldown (the server refuses it until then).
  const usableAt = method === 'bank' ? bankCard.data?.usableAt : wallet?.usableAt;
  const readDestinations = () => {
    void queryClient.invalidateQueries({ queryKey: BANK_CARD_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: USER_WALLETS_QUERY_KEY });
  };
  const isPending = bankWithdrawal.isPending || trcWithdrawal.isPending;

  const onConfirm = async () => {
    if (!(await amount.check())) return;
    if (method === 'bank' && !bankCard.data) return offerFix(ERRORS.bank_card_required.code, t('withdraw.noCard'));
    if (!canSend) return;
    setPasswordError(undefined);
    setCodeError(undefined);
    setIsSheetOpen(true);
  };

  const offerFix = async (code: number, message: string) => {
    const fix = FIXES[code];
    if (!fix) return showError(new Error(message));
    const labels = {
      bindCard: t('withdraw.bindCard'),
      verify: t('withdraw.verify'),
      setPayPassword: t('withdraw.setPayPassword'),
    };
    const isGoing = await confirmAction({
      content: message,
      confirmText: labels[fix.action],
      cancelText: t('common.cancel'),
    });
    if (isGoing) navigate(fix.to);
  };

  const onError = (error: unknown) => {
    idempotency.settle(error);
    if (!isApiError(error)) return showError(error);
    if (error.code === ERRORS.rate_changed.code) {
      void queryClient.invalidateQueries({ queryKey: CONFIG_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: BANK_CARD_QUERY_KEY });
    }
    if (error.code === ERRORS.withdrawal_destination_cooling_down.code) readDestinations();
    const codeRefusal = twoFactorRefusal(error);
    if (codeRefusal) return setCodeError(codeRefusal);
    if (error.code === ERRORS.pay_password_incorrect.code) return setPasswordError(error.message);
    setIsSheetOpen(false);
    if (error.fields.payPassword) return setPasswordError(error.fields.payPassword);
    if (error.fields.amount) return amount.refuse(error.fields.amount);
    if (AMOUNT_ERRORS.includes(error.code)) return amount.refuse(error.message);
    void offerFix(error.code, error.message);
  };

  const onSubmit = (payPassword: string, twoFactorCode?: string) => {
    const money = preview?.amount ?? amount.plain;
    if (!money) return;
    const handlers = {
      onSuccess: () => {
        idempotency.release();
        // Submitted for review, not paid: 'Successful Withdrawal' is the record's label once an operator pays it.
        showSuccess(t('toast.withdrawSubmitted'));
        navigate('/withdrawrecord', { replace: true });
      },
      onError,
    };
    if (method === 'bank') {
      const request = { amount: money, payPassword, rate: fx?.rate, twoFactorCode };
      bankWithdrawal.mutate(
        { request, idempotencyKey: idempotency.keyFor(JSON.stringify(['bank', request])) },
        handlers,
      );
    } else if (walletId) {
      const request = { amount: money, walletId, payPassword, twoFactorCode };
      trcWithdrawal.mutate({ request, idempotencyKey: idempotency.keyFor(JSON.stringify(['trc', request])) }, handlers);
    }
  };

  return (
    <NavPage title={t('withdraw.title')} fallback="/wallet">
      <Prerequisites
        needsPayPassword={user?.hasPayPassword === false}
        needsKyc={Boolean(rules?.withdrawKycRequired) && user !== undefined && user.kycStatus !== 'approved'}
      />
      <WithdrawDestination
        method={method}
        onMethodChange={setMethod}
        bankCard={bankCard.data}
        isBankCardLoading={bankCard.isPending}
        wallets={wallets.data}
        walletId={walletId}
        onWalletChange={setWalletId}
      />
      <DestinationCooldown usableAt={usableAt} onUsable={readDestinations} />
      <div className="card card--form form">
        <AmountField
          label={t('withdraw.amount')}
          placeholder={rules ? t('withdraw.amountPlaceholder', { min: displayMoney(rules.withdrawMinAmount) }) : ''}
          {...amount.input}
          error={amount.error}
          all={{ label: t('withdraw.all'), isDisabled: !available, onClick: () => amount.fill(available) }}
          footer={<p className="field__hint">{t('withdraw.available', { amount: displayMoney(available) })}</p>}
        />
        <dl className="summary" aria-live="polite">
          <div>
            <dt>{t('withdraw.fee')}</dt>
            <dd>{preview ? `${displayMoney(preview.fee)} USDT` : '-'}</dd>
          </div>
          <div className="summary__strong">
            <dt>{t('withdraw.net')}</dt>
            <dd>{preview ? `${displayMoney(preview.net)} USDT` : '-'}</dd>
          </div>
          {fx && (
            <div className="summary__strong">
              <dt>{t('withdraw.arrivesFiat', { currency: fx.currency })}</dt>
              <dd>{preview ? displayFiat(fiatOfUsdtText(preview.net, fx), fx.currency, i18n.language) : '-'}</dd>
            </div>
          )}
        </dl>
        {fx && (
          <p className="field__hint">
            {t('withdraw.fiatRate', { rate: displayFiat(fx.rate, fx.currency, i18n.language) })}
          </p>
        )}
        {rules && (
          <p className="field__hint">
            {t('withdraw.feeRule', {
              fixed: displayMoney(rules.withdrawFeeFixed),
              rate: basisPointsAsPercent(rules.withdrawFeeRateBp),
            })}
            <br />
            {t('withdraw.rules', { min: displayMoney(rules.withdrawMinAmount), count: rules.withdrawDailyCountMax })}
          </p>
        )}
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => void onConfirm()}
          disabled={isPending}
        >
          {t('withdraw.confirm')}
        </button>
      </div>
      <WithdrawProtection />
      <WithdrawSheet
        isOpen={isSheetOpen}
        preview={preview}
        fx={fx}
        destination={destination}
        isPending={isPending}
        error={passwordError}
        codeError={codeError}
        onClose={() => setIsSheetOpen(false)}
        onSubmit={onSubmit}
      />
    </NavPage>
  );
}

/** 125 → "1.25": basis points shown as a percentage, without floats. */
function basisPointsAsPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

function Prerequisites({ needsPayPassword, needsKyc }: { needsPayPassword: boolean; needsKyc: boolean }) {
  const { t } = useTranslation();
  if (!needsPayPassword && !needsKyc) return null;
  return (
    <div className="notice notice--warning" role="status">
      {needsPayPassword && (
        <p className="notice__row">
          <span>{t('withdraw.payPasswordNeeded')}</span>
          <Link className="link" to="/txpassword?redirect=/withdraw">
            {t('withdraw.setPayPassword')}
          </Link>
        </p>
      )}
      {needsKyc && (
        <p className="notice__row">
          <span>{t('withdraw.kycNeeded')}</span>
          <Link className="link" to="/realname">
            {t('withdraw.verify')}
          </Link>
        </p>
      )}
    </div>
  );
}
