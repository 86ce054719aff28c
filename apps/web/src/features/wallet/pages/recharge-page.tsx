import { ERRORS } from '@app/contract/errors';
import { hasFiatRate } from '@app/contract/fiat';
import type { BankAccount } from '@app/contract/wallet-rules';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { AmountField } from '../../../components/amount-field';
import { FieldFrame } from '../../../components/field-frame';
import { ImagePicker, usePhotosProcessing } from '../../../components/image-picker';
import { NavPage } from '../../../components/nav-page';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { writeAmountInput } from '../../../lib/amount-input';
import { isApiError } from '../../../lib/api/api-error';
import { CONFIG_QUERY_KEY, useConfig } from '../../../lib/api/get-config';
import { plainAmountOf } from '../../../lib/form/amount-rules';
import { currentLang, useTranslation } from '../../../lib/i18n';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { displayMoney } from '../../../lib/money';
import { showError, showSuccess } from '../../../lib/notify';
import { useSubmitDeposit } from '../api/submit-deposit';
import { CopyRow } from '../components/copy-row';
import { checkDepositAmount, DEPOSIT_QUICK_PICKS } from '../components/deposit-amount';
import { displayFiat, type FiatRate, fiatOfUsdtText, plainFiatOf, usdtOfFiatText } from '../components/fiat-amount';
import { preferredAccountOf } from '../components/receiving-account';
import '../wallet.css';

type Method = 'bank' | 'trc20';

/** The account moved between what the user saw and the submit: read the accounts again. */
const STALE_ACCOUNT_CODES: readonly number[] = [ERRORS.rate_changed.code, ERRORS.bank_account_unavailable.code];

export default function RechargePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const rules = config.data?.wallet;
  const accounts = rules?.bankAccounts ?? [];
  const hasBankAccount = accounts.length > 0;
  const [choice, setChoice] = useState<Method>();
  const method: Method = choice ?? (hasBankAccount ? 'bank' : 'trc20');
  // Several receiving accounts: the one in the user's language's currency is preselected; the user may pick another.
  const [accountId, setAccountId] = useState<string>();
  const bankAccount =
    accounts.find((account) => account.id === accountId) ?? preferredAccountOf(accounts, i18n.language);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string>();
  // Bank deposits into an account kept in a fiat currency: the user may type either side.
  const fx: FiatRate | null = method === 'bank' && bankAccount && hasFiatRate(bankAccount) ? bankAccount : null;
  const [fiatTyped, setFiatTyped] = useState<string | null>(null);
  const lang = currentLang();
  // What is typed, in the language's marks; the plain decimal ("1000.5") is what is sent and converted.
  const plain = plainAmountOf(amount);
  // The fiat figure as a plain decimal, from what was typed on either side.
  const fiat = !fx ? '' : fiatTyped !== null ? plainFiatOf(fiatTyped, lang) : plain ? fiatOfUsdtText(plain, fx) : '';

  const validAmount = () => {
    const checked = checkDepositAmount(
      amount,
      rules?.depositMinAmount,
      t('deposit.belowMin', { min: displayMoney(rules?.depositMinAmount) }),
    );
    setAmountError(checked.error);
    return checked.plain ?? null;
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
                    className={`quick-pick${plain === pick ? ' quick-pick--active' : ''}`}
                    aria-pressed={plain === pick}
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
                  value={fiatTyped ?? writeAmountInput(fiat, lang)}
                  onChange={(event) => {
                    setFiatTyped(event.target.value);
                    setAmount(writeAmountInput(usdtOfFiatText(event.target.value, fx, lang), lang));
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
        {method === 'bank' && accounts.length > 1 && bankAccount && (
          <AccountChoice
            accounts={accounts}
            chosen={bankAccount}
            onChoose={(id) => {
              setAccountId(id);
              setFiatTyped(null);
            }}
          />
        )}
      </div>
      {method === 'bank' && bankAccount && hasBankAccount ? (
        <BankDeposit
          account={bankAccount}
          fx={fx}
          usdt={plain ?? ''}
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

/** The platform's receiving accounts to choose from: bank and currency. */
function AccountChoice(props: { accounts: BankAccount[]; chosen: BankAccount; onChoose: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="methods">
      <legend className="field__label">{t('deposit.chooseAccount')}</legend>
      {props.accounts.map((account) => (
        <label key={account.id} className={`method${account.id === props.chosen.id ? ' method--checked' : ''}`}>
          <input
            type="radio"
            name="bank-account"
            value={account.id}
            checked={account.id === props.chosen.id}
            onChange={() => props.onChoose(account.id)}
          />
          <span className="method__text">
            <span className="method__title">
              {account.bankName} · {account.currency || 'USDT'}
            </span>
            <span className="method__hint">
              {account.holderName} · {account.cardNumber}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

interface BankDepositProps {
  account: BankAccount;
  fx: FiatRate | null;
  usdt: string;
  validAmount: () => string | null;
  onAmountError: (message: string) => void;
}

/** The platform's receiving account, then the request: amount, optional remark and screenshot. */
function BankDeposit({ account, fx, usdt, validAmount, onAmountError }: BankDepositProps) {
  const { t, i18n } = useTranslation();
  const fiat = fx ? fiatOfUsdtText(usdt, fx) : '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const submit = useSubmitDeposit();
  const idempotency = useIdempotencyKey();
  const [remark, setRemark] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const photos = usePhotosProcessing();
  const [remarkError, setRemarkError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRemarkError(undefined);
    const amount = validAmount();
    if (!amount) return;
    // The rate the user saw goes along: if finance changed it meanwhile the server refuses, and the new figure shows.
    const request = {
      method: 'bank' as const,
      amount,
      remark: remark.trim() || undefined,
      bankAccountId: account.id,
      rate: fx?.rate,
    };
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
          if (isApiError(error) && STALE_ACCOUNT_CODES.includes(error.code))
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
      {/* The figure the server will lock: computed from the USDT sent, whichever side the user typed. */}
      {fx && fiat ? (
        <div className="transfer-amount" aria-live="polite">
          <p className="field__label">{t('deposit.transferExactly')}</p>
          <p className="transfer-amount__fiat">{displayFiat(fiat, fx.currency, i18n.language)}</p>
          <p className="field__hint">
            {t('deposit.fiatEquals', {
              usdt: displayMoney(usdt),
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
      <ImagePicker
        label={t('deposit.proof')}
        prompt={t('deposit.proofPrompt')}
        value={proof}
        onChange={setProof}
        onBusyChange={photos.onBusyChange}
      />
      <SubmitButton isLoading={submit.isPending} isDisabled={photos.isProcessing}>
        {t('deposit.submit')}
      </SubmitButton>
    </form>
  );
}
