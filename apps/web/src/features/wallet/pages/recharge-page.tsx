import { hasFiatRate } from '@app/contract/fiat';
import type { WalletRules } from '@app/contract/wallet-rules';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { AmountField } from '../../../components/amount-field';
import { FieldFrame } from '../../../components/field-frame';
import { ImagePicker } from '../../../components/image-picker';
import { NavPage } from '../../../components/nav-page';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api/api-error';
import { CONFIG_QUERY_KEY, useConfig } from '../../../lib/api/get-config';
import { useTranslation } from '../../../lib/i18n';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { displayMoney } from '../../../lib/money';
import { showError, showSuccess } from '../../../lib/notify';
import { useSubmitDeposit } from '../api/submit-deposit';
import { CopyRow } from '../components/copy-row';
import { checkDepositAmount, DEPOSIT_QUICK_PICKS } from '../components/deposit-amount';
import { displayFiat, type FiatRate, fiatOfUsdtText, usdtOfFiatText } from '../components/fiat-amount';
import '../wallet.css';

type Method = 'bank' | 'trc20';

/** ERRORS.rate_changed: the rate moved between what the user saw and the submit. */
const RATE_CHANGED_CODE = 4018;

export default function RechargePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const rules = config.data?.wallet;
  const bankAccount = rules?.bankAccount;
  const hasBankAccount = Boolean(bankAccount?.bankName && bankAccount.cardNumber);
  const [choice, setChoice] = useState<Method>();
  const method: Method = choice ?? (hasBankAccount ? 'bank' : 'trc20');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string>();
  // Bank deposits into an account kept in a fiat currency: the user may type either side.
  const fx: FiatRate | null = method === 'bank' && bankAccount && hasFiatRate(bankAccount) ? bankAccount : null;
  const [fiatTyped, setFiatTyped] = useState<string | null>(null);
  const fiat = fx ? (fiatTyped ?? fiatOfUsdtText(amount, fx)) : '';

  const validAmount = () => {
    const error = checkDepositAmount(
      amount,
      rules?.depositMinAmount,
      t('deposit.belowMin', { min: displayMoney(rules?.depositMinAmount) }),
    );
    setAmountError(error);
    return error ? null : amount.trim();
  };

  return (
    <NavPage title={t('deposit.title')} fallback="/wallet">
      <div className="card card--form form">
        <AmountField
          label={t('deposit.amount')}
          placeholder={t('deposit.amountPlaceholder')}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setFiatTyped(null);
          }}
          error={amountError}
          footer={
            <>
              <div className="quick-picks">
                {DEPOSIT_QUICK_PICKS.map((pick) => (
                  <button
                    key={pick}
                    type="button"
                    className={`quick-pick${amount === pick ? ' quick-pick--active' : ''}`}
                    aria-pressed={amount === pick}
                    onClick={() => {
                      setAmount(pick);
                      setFiatTyped(null);
                      setAmountError(undefined);
                    }}
                  >
                    {displayMoney(pick)}
                  </button>
                ))}
              </div>
              {rules && (
                <p className="field__hint">{t('deposit.minAmount', { min: displayMoney(rules.depositMinAmount) })}</p>
              )}
            </>
          }
        />
        {fx && (
          <FieldFrame
            label={t('deposit.fiatAmount', { currency: fx.currency })}
            controlClassName="amount-field"
            footer={
              <p className="field__hint">
                {t('deposit.rateLine', { rate: displayFiat(fx.rate, fx.currency, i18n.language) })}
              </p>
            }
          >
            {(control) => (
              <>
                <input
                  className="field__input amount-field__input"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  {...control}
                  value={fiat}
                  onChange={(event) => {
                    setFiatTyped(event.target.value);
                    setAmount(usdtOfFiatText(event.target.value, fx));
                  }}
                />
                <span className="amount-field__unit" aria-hidden="true">
                  {fx.currency}
                </span>
              </>
            )}
          </FieldFrame>
        )}
        <fieldset className="methods">
          <legend className="field__label">{t('deposit.method')}</legend>
          <MethodOption
            value="bank"
            checked={method === 'bank'}
            disabled={!hasBankAccount}
            title={t('deposit.methodBank')}
            text={hasBankAccount ? t('deposit.methodBankText') : t('deposit.bankUnavailable')}
            onSelect={setChoice}
          />
          <MethodOption
            value="trc20"
            checked={method === 'trc20'}
            title={t('deposit.methodTrc20')}
            text={t('deposit.methodTrc20Text')}
            onSelect={setChoice}
          />
        </fieldset>
      </div>
      {method === 'bank' && bankAccount && hasBankAccount ? (
        <BankDeposit
          account={bankAccount}
          fx={fx}
          fiat={fiat}
          usdt={amount}
          validAmount={validAmount}
          onAmountError={setAmountError}
        />
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => {
            const valid = validAmount();
            if (valid) navigate(`/recharge2?amount=${encodeURIComponent(valid)}`);
          }}
        >
          {t('deposit.continue')}
        </button>
      )}
    </NavPage>
  );
}

interface MethodOptionProps {
  value: Method;
  checked: boolean;
  disabled?: boolean;
  title: string;
  text: string;
  onSelect: (value: Method) => void;
}

function MethodOption({ value, checked, disabled, title, text, onSelect }: MethodOptionProps) {
  return (
    <label className={`method${checked ? ' method--checked' : ''}${disabled ? ' method--disabled' : ''}`}>
      <input
        type="radio"
        name="method"
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onSelect(value)}
      />
      <span className="method__text">
        <span className="method__title">{title}</span>
        <span className="method__hint">{text}</span>
      </span>
    </label>
  );
}

interface BankDepositProps {
  account: WalletRules['bankAccount'];
  fx: FiatRate | null;
  fiat: string;
  usdt: string;
  validAmount: () => string | null;
  onAmountError: (message: string) => void;
}

/** The platform's receiving account, then the request: amount, optional remark and screenshot. */
function BankDeposit({ account, fx, fiat, usdt, validAmount, onAmountError }: BankDepositProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const submit = useSubmitDeposit();
  const idempotency = useIdempotencyKey();
  const [remark, setRemark] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [remarkError, setRemarkError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRemarkError(undefined);
    const amount = validAmount();
    if (!amount) return;
    // The rate the user saw goes along: if finance changed it meanwhile the server refuses, and the new figure shows.
    const request = { method: 'bank' as const, amount, remark: remark.trim() || undefined, rate: fx?.rate };
    const fingerprint = JSON.stringify([request, proof?.name, proof?.size]);
    submit.mutate(
      { request, proof, idempotencyKey: idempotency.keyFor(fingerprint) },
      {
        onSuccess: () => {
          idempotency.release();
          showSuccess(t('toast.submittedSuccess'));
          navigate('/depositrecord', { replace: true });
        },
        onError: (error) => {
          idempotency.settle(error);
          if (isApiError(error) && error.code === RATE_CHANGED_CODE)
            void queryClient.invalidateQueries({ queryKey: CONFIG_QUERY_KEY });
          const fields = isApiError(error) ? error.fields : {};
          if (fields.amount) onAmountError(fields.amount);
          if (fields.remark) setRemarkError(fields.remark);
          if (!fields.amount && !fields.remark) showError(error);
        },
      },
    );
  };

  return (
    <form className="card card--form form" onSubmit={onSubmit} noValidate>
      <h2 className="card__title">{t('deposit.receivingAccount')}</h2>
      <div className="copy-rows">
        <CopyRow label={t('deposit.bankName')} value={account.bankName} />
        <CopyRow label={t('deposit.holderName')} value={account.holderName} />
        <CopyRow label={t('deposit.cardNumber')} value={account.cardNumber} />
        {account.branch && <CopyRow label={t('deposit.branch')} value={account.branch} />}
      </div>
      {fx && fiat ? (
        <div className="transfer-amount" aria-live="polite">
          <p className="field__label">{t('deposit.transferExactly')}</p>
          <p className="transfer-amount__fiat">{displayFiat(fiat, fx.currency, i18n.language)}</p>
          <p className="field__hint">
            {t('deposit.fiatEquals', {
              usdt: usdt.trim(),
              rate: displayFiat(fx.rate, fx.currency, i18n.language),
            })}
          </p>
        </div>
      ) : null}
      <p className="field__hint">{t('deposit.transferNote')}</p>
      <TextField
        label={t('deposit.remark')}
        placeholder={t('deposit.remarkPlaceholder')}
        value={remark}
        maxLength={200}
        onChange={(event) => setRemark(event.target.value)}
        error={remarkError}
      />
      <ImagePicker label={t('deposit.proof')} prompt={t('deposit.proofPrompt')} value={proof} onChange={setProof} />
      <SubmitButton isLoading={submit.isPending}>{t('deposit.submit')}</SubmitButton>
    </form>
  );
}
