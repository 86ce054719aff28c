import { type DepositSubmitRequest, depositSubmitRequestSchema } from '@app/contract/wallet';
import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AmountField } from '../../../components/amount-field';
import { NavPage } from '../../../components/nav-page';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { readAmountInput, writeAmountInput } from '../../../lib/amount-input';
import { useConfig } from '../../../lib/api/get-config';
import { ambiguousMessage } from '../../../lib/form/amount-rules';
import { applyServerFieldErrors, useFieldMessage } from '../../../lib/form/field-message';
import { currentLang, useTranslation } from '../../../lib/i18n';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { displayMoney, toMinor } from '../../../lib/money';
import { showError, showSuccess } from '../../../lib/notify';
import { useRechargeAddress } from '../api/get-recharge-address';
import { useSubmitDeposit } from '../api/submit-deposit';
import { useCopy } from '../components/copy-row';
import { saveQrImage } from '../components/save-qr';
import '../wallet.css';

export default function RechargeAddressPage() {
  const { t } = useTranslation();
  const address = useRechargeAddress();
  const config = useConfig();
  const minAmount = address.data?.minAmount ?? config.data?.wallet.depositMinAmount;

  return (
    <NavPage title={t('deposit.addressTitle')} fallback="/recharge">
      {address.data ? (
        <AddressCard address={address.data.address} network={address.data.network} />
      ) : address.isError ? (
        <section className="card list-state">
          <p>{address.error.message}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => address.refetch()}>
            {t('common.retry')}
          </button>
        </section>
      ) : (
        <section className="card deposit-address deposit-address--loading" aria-busy="true">
          <div className="skeleton skeleton--light deposit-address__qr-skeleton" />
        </section>
      )}
      <p className="notice notice--warning" role="note">
        {t('deposit.addressNote')}
        {minAmount && (
          <>
            <br />
            <strong>{t('deposit.minAmount', { min: displayMoney(minAmount) })}</strong>
          </>
        )}
      </p>
      {address.data && <TxHashForm minAmount={minAmount} />}
    </NavPage>
  );
}

function AddressCard({ address, network }: { address: string; network: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const qr = useRef<SVGSVGElement>(null);
  const onSave = async () => {
    if (!qr.current) return;
    try {
      await saveQrImage(qr.current, address, `usdt-${network.toLowerCase()}-${address.slice(0, 8)}.png`);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <section className="card deposit-address" aria-labelledby="deposit-address-title">
      <p className="deposit-address__network">
        <span>{t('deposit.network')}</span>
        <span className="badge badge--network">USDT · {network}</span>
      </p>
      <div className="deposit-address__qr">
        <QRCodeSVG
          ref={qr}
          value={address}
          size={184}
          marginSize={0}
          level="M"
          role="img"
          aria-label={t('deposit.qrLabel')}
        />
      </div>
      <h2 className="deposit-address__title" id="deposit-address-title">
        {t('deposit.yourAddress')}
      </h2>
      <p className="deposit-address__text mono">{address}</p>
      <div className="deposit-address__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => copy(address)}>
          {t('deposit.copyAddress')}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={onSave}>
          {t('deposit.saveQr')}
        </button>
      </div>
    </section>
  );
}

/**
 * The contract's request schema, with the method fixed: errors land under amount and txHash. The
 * amount is read in the user's language first ("1000,5" in Vietnamese goes as "1000.5").
 */
const txHashFormSchema = z.object({ amount: z.string(), txHash: z.string() }).transform((values, ctx) => {
  const reading = readAmountInput(values.amount, currentLang());
  if (reading.kind === 'ambiguous') {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: ambiguousMessage(values.amount, reading.readings) });
  }
  const amount = reading.kind === 'amount' ? reading.plain : values.amount;
  const result = depositSubmitRequestSchema.safeParse({ ...values, amount, method: 'trc20' });
  if (result.success && reading.kind !== 'ambiguous') return result.data;
  for (const issue of result.error?.issues ?? [])
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});
type TxHashFormValues = z.input<typeof txHashFormSchema>;

function TxHashForm({ minAmount }: { minAmount: string | undefined }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const submit = useSubmitDeposit();
  const idempotency = useIdempotencyKey();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TxHashFormValues, unknown, DepositSubmitRequest>({
    resolver: zodResolver(txHashFormSchema),
    defaultValues: { amount: writeAmountInput(searchParams.get('amount') ?? '', currentLang()), txHash: '' },
  });

  const onSubmit = (values: DepositSubmitRequest) => {
    const min = minAmount ? toMinor(minAmount) : null;
    const amount = toMinor(values.amount);
    if (min !== null && amount !== null && amount < min) {
      setError('amount', { message: t('deposit.belowMin', { min: displayMoney(minAmount) }) }, { shouldFocus: true });
      return;
    }
    const request = values;
    submit.mutate(
      { request, idempotencyKey: idempotency.keyFor(JSON.stringify(request)) },
      {
        onSuccess: () => {
          idempotency.release();
          showSuccess(t('toast.submittedSuccess'));
          navigate('/depositrecord', { replace: true });
        },
        onError: (error) => {
          idempotency.settle(error);
          if (!applyServerFieldErrors(error, setError, ['amount', 'txHash'])) showError(error);
        },
      },
    );
  };

  return (
    <form className="card card--form form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <h2 className="card__title">{t('deposit.afterSending')}</h2>
      <AmountField
        label={t('deposit.amount')}
        placeholder={t('deposit.amountPlaceholder')}
        error={fieldMessage(errors.amount?.message)}
        {...register('amount')}
      />
      <TextField
        label={t('deposit.txHash')}
        placeholder={t('deposit.txHashPlaceholder')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        error={fieldMessage(errors.txHash?.message)}
        {...register('txHash')}
      />
      <SubmitButton isLoading={submit.isPending}>{t('deposit.submit')}</SubmitButton>
    </form>
  );
}
