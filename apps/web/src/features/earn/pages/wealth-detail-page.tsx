import { ERRORS } from '@app/contract/errors';
import type { WealthProduct, WealthQuote } from '@app/contract/wealth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AmountField } from '../../../components/amount-field';
import { NavPage } from '../../../components/nav-page';
import { twoFactorRefusal } from '../../../components/pay-password-sheet';
import { isApiError } from '../../../lib/api/api-error';
import { useBalances } from '../../../lib/api/get-balances';
import { useConfig } from '../../../lib/api/get-config';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { useAmountForm } from '../../../lib/form/amount-form';
import { type AmountRules, checkAmount } from '../../../lib/form/amount-rules';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { displayMoney } from '../../../lib/money';
import { showError, showSuccess } from '../../../lib/notify';
import { loginPathFor } from '../../../lib/redirect';
import { useIsSignedIn } from '../../../lib/session';
import { payoutTimeOfDay } from '../../../lib/time';
import { useWealthProduct } from '../api/get-wealth-product';
import { useWealthQuote, wealthQuoteQueryOptions } from '../api/get-wealth-quote';
import { useSubmitWealth } from '../api/submit-wealth';
import { QuoteSummary } from '../components/quote-summary';
import { aprPercent, ratePercent, soldPercent } from '../components/rate-text';
import { WealthBuySheet } from '../components/wealth-buy-sheet';
import { QuotaBar } from '../components/wealth-product-card';
import '../wealth.css';
import { useTranslation } from '../../../lib/i18n';
import { useProductName } from '../../../lib/i18n/product-name';

/** Refusals about the amount: shown under the field rather than as a toast. */
const AMOUNT_ERRORS: readonly number[] = [
  ERRORS.amount_invalid.code,
  ERRORS.insufficient_balance.code,
  ERRORS.wealth_amount_below_minimum.code,
  ERRORS.wealth_user_limit_exceeded.code,
  ERRORS.wealth_quota_exceeded.code,
];

/** `/lcdetail?id=`: one product's terms, a live quote for the amount typed, and the purchase. */
export default function WealthDetailPage() {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const [params] = useSearchParams();
  const id = (params.get('id') ?? '').trim();
  const product = useWealthProduct(/^\d{1,18}$/.test(id) ? id : '');

  if (!product.data) {
    const isMissing = !/^\d{1,18}$/.test(id) || (isApiError(product.error) && product.error.status === 404);
    return (
      <NavPage title={t('wealth.detailTitle')} fallback="/lc">
        {product.isPending && !isMissing ? (
          <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
        ) : (
          <div className="list-state">
            <p>{isMissing ? t('wealth.notFound') : t('common.loadFailed')}</p>
            <Link className="btn btn--ghost btn--small" to="/lc">
              {t('wealth.title')}
            </Link>
          </div>
        )}
      </NavPage>
    );
  }
  return (
    <NavPage title={nameOf(product.data.nameI18n, product.data.name)} fallback="/lc">
      <ProductTerms product={product.data} />
      <PurchaseForm product={product.data} />
    </NavPage>
  );
}

function ProductTerms({ product }: { product: WealthProduct }) {
  const { t } = useTranslation();
  return (
    <section className="lc-terms" aria-label={t('wealth.detailTitle')}>
      <div className="lc-terms__hero">
        <p className="lc-terms__rate">{ratePercent(product.dailyRate)}</p>
        <p className="lc-card__label">{t('wealth.dailyRate')}</p>
        <p className="lc-card__apr">{t('wealth.apr', { rate: aprPercent(product.dailyRate) })}</p>
      </div>
      <dl className="lc-terms__grid">
        <div>
          <dt>{t('wealth.pledgeCycle')}</dt>
          <dd>{t('wealth.days', { days: product.cycleDays })}</dd>
        </div>
        <div>
          <dt>{t('wealth.currency')}</dt>
          <dd>{product.currency}</dd>
        </div>
        <div>
          <dt>{t('wealth.singleMin')}</dt>
          <dd>{displayMoney(product.minAmount)}</dd>
        </div>
        <div>
          <dt>{t('wealth.maxPerUser')}</dt>
          <dd>{displayMoney(product.maxPerUser)}</dd>
        </div>
      </dl>
      <QuotaBar percent={soldPercent(product.quotaTotal, product.quotaRemaining)} />
      <p className="lc-card__quota">
        <span>{t('wealth.remaining', { amount: displayMoney(product.quotaRemaining) })}</span>
        <span>
          {t('wealth.quota')} {displayMoney(product.quotaTotal)}
        </span>
      </p>
    </section>
  );
}

function PurchaseForm({ product }: { product: WealthProduct }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isSignedIn = useIsSignedIn();
  const balances = useBalances(isSignedIn);
  const user = useUserDetails().data;
  const submit = useSubmitWealth();
  const config = useConfig();
  const idempotency = useIdempotencyKey();
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const [passwordError, setPasswordError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [sheetQuote, setSheetQuote] = useState<WealthQuote>();
  const queryClient = useQueryClient();

  const available = balances.data?.available;
  const rules: AmountRules = {
    required: t('wealth.incorrectAmount'),
    invalid: t('wealth.incorrectAmount'),
    min: product.minAmount,
    belowMin: t('wealth.belowMin', { min: displayMoney(product.minAmount) }),
    max: available,
    aboveMax: t('wealth.exceedsAvailable'),
  };
  const amount = useAmountForm(rules);
  // The plain decimal: worth quoting before the balance is known (the balance is checked on buying).
  const plainAmount = checkAmount(amount.value, { ...rules, max: undefined }).plain ?? '';
  const isQuotable = isSignedIn && plainAmount !== '';
  const quote = useWealthQuote(isQuotable ? { productId: product.id, amount: plainAmount } : null);
  const quoteError = isQuotable && isApiError(quote.error) ? quote.error.message : undefined;
  const here = `/lcdetail?id=${product.id}`;

  const onBuy = async () => {
    if (!isSignedIn) return navigate(loginPathFor(here));
    if (!(await amount.check())) return;
    try {
      // The quote of exactly this amount (usually cached already): what the sheet confirms.
      setSheetQuote(
        await queryClient.fetchQuery(wealthQuoteQueryOptions({ productId: product.id, amount: plainAmount })),
      );
    } catch (failure) {
      if (isApiError(failure) && AMOUNT_ERRORS.includes(failure.code)) return amount.refuse(failure.message);
      return showError(failure);
    }
    setPasswordError(undefined);
    setCodeError(undefined);
    setIsSheetOpen(true);
  };

  const onSubmit = (payPassword: string, twoFactorCode?: string) => {
    const request = { productId: product.id, amount: plainAmount, payPassword, twoFactorCode };
    submit.mutate(
      { request, idempotencyKey: idempotency.keyFor(JSON.stringify([request.productId, request.amount])) },
      {
        onSuccess: () => {
          idempotency.release();
          showSuccess(t('toast.submittedSuccess'));
          navigate('/lcorders', { replace: true });
        },
        onError: (error) => {
          idempotency.settle(error);
          if (!isApiError(error)) return showError(error);
          const codeRefusal = twoFactorRefusal(error);
          if (codeRefusal) return setCodeError(codeRefusal);
          if (error.code === ERRORS.pay_password_incorrect.code) return setPasswordError(error.message);
          setIsSheetOpen(false);
          if (error.fields.amount) return amount.refuse(error.fields.amount);
          if (AMOUNT_ERRORS.includes(error.code)) return amount.refuse(error.message);
          showError(error);
        },
      },
    );
  };

  return (
    <section className="card card--form form" aria-label={t('wealth.buy')}>
      {isSignedIn && user?.hasPayPassword === false && (
        <p className="notice notice--warning" role="status">
          <span>{t('wealth.payPasswordNeeded')}</span>{' '}
          <Link className="link" to={`/txpassword?redirect=${encodeURIComponent(here)}`}>
            {t('wealth.setPayPassword')}
          </Link>
        </p>
      )}
      <AmountField
        look="lc-amount"
        label={t('wealth.amount')}
        error={amount.error ?? quoteError}
        footer={
          isSignedIn ? (
            <p className="field__hint">{t('wealth.available', { amount: displayMoney(available) })}</p>
          ) : null
        }
        placeholder={t('wealth.amountPlaceholder', { min: displayMoney(product.minAmount) })}
        {...amount.input}
        all={
          isSignedIn
            ? { label: t('wealth.all'), isDisabled: !available, onClick: () => amount.fill(available) }
            : undefined
        }
      />
      {quote.data && isQuotable ? (
        <QuoteSummary quote={quote.data} />
      ) : (
        <p className="field__hint">{t('wealth.quoteHint')}</p>
      )}
      <p className="field__hint">{t('wealth.rule', payoutTimeOfDay(config.data?.platformTimeZone ?? 'UTC'))}</p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        onClick={() => void onBuy()}
        disabled={submit.isPending}
      >
        {isSignedIn ? t('wealth.buy') : t('wealth.loginToBuy')}
      </button>
      <WealthBuySheet
        isOpen={isSheetOpen}
        quote={sheetQuote}
        isPending={submit.isPending}
        error={passwordError}
        codeError={codeError}
        onClose={() => setIsSheetOpen(false)}
        onSubmit={onSubmit}
      />
    </section>
  );
}
