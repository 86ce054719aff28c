import { saveWalletRequestSchema, WALLET_ADDRESSES_MAX } from '@app/contract/wallet';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { NavPage } from '../../../components/nav-page';
import { PayPasswordSheet, usePayPasswordStep } from '../../../components/pay-password-sheet';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { applyServerFieldErrors, useFieldMessage } from '../../../lib/form/field-message';
import { useTranslation } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/notify';
import { safeRedirect } from '../../../lib/redirect';
import { useUserWallets } from '../api/get-user-wallets';
import { useSaveWallet } from '../api/save-wallet';
import { RemoveAddress } from '../components/remove-address';
import '../wallet.css';
import { formatDate } from '../../../lib/time';

export default function BindWalletPage() {
  const { t } = useTranslation();
  const wallets = useUserWallets();
  const user = useUserDetails();
  const count = wallets.data?.length ?? 0;

  return (
    <NavPage title={t('address.title')} fallback="/wallet">
      <section className="card" aria-labelledby="bound-addresses">
        <h2 className="card__title" id="bound-addresses">
          {t('address.listTitle', { count, max: WALLET_ADDRESSES_MAX })}
        </h2>
        {wallets.data && wallets.data.length === 0 && (
          <p className="list-state list-state--inline">{t('address.empty')}</p>
        )}
        {wallets.isPending && <div className="skeleton skeleton--light skeleton--block" aria-busy="true" />}
        <ul className="addresses">
          {wallets.data?.map((wallet) => (
            <li key={wallet.id} className="address-item">
              <span className="badge badge--network">TRC20</span>
              <div className="address-item__text">
                {wallet.label && <span className="address-item__label">{wallet.label}</span>}
                <span className="mono address-item__address">{wallet.address}</span>
                <span className="address-item__time">{formatDate(wallet.createdAt)}</span>
              </div>
              <RemoveAddress wallet={wallet} />
            </li>
          ))}
        </ul>
      </section>
      {wallets.data && count >= WALLET_ADDRESSES_MAX ? (
        <p className="notice" role="status">
          {t('address.limitReached', { max: WALLET_ADDRESSES_MAX })}
        </p>
      ) : (
        <section className="card card--form" aria-labelledby="add-address">
          <h2 className="card__title" id="add-address">
            {t('address.add')}
          </h2>
          {user.data?.hasPayPassword === false && (
            <p className="notice notice--warning notice__row notice--spaced" role="status">
              <span>{t('address.noPayPassword')}</span>
              <Link className="link" to="/txpassword?redirect=/bindWallet">
                {t('withdraw.setPayPassword')}
              </Link>
            </p>
          )}
          <AddWalletForm />
        </section>
      )}
    </NavPage>
  );
}

/** The address and its label on the page; the payment password is asked for in the sheet. */
const walletFieldsSchema = saveWalletRequestSchema.omit({ payPassword: true, twoFactorCode: true });
type WalletFormValues = z.input<typeof walletFieldsSchema>;
type WalletFields = z.output<typeof walletFieldsSchema>;

function AddWalletForm() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const save = useSaveWallet();
  const step = usePayPasswordStep();
  const [wallet, setWallet] = useState<WalletFields>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<WalletFormValues, unknown, WalletFields>({
    resolver: zodResolver(walletFieldsSchema),
    defaultValues: { address: '', label: '' },
  });

  const onValid = (values: WalletFields) => {
    setWallet(values);
    step.open();
  };

  const onPayPassword = (payPassword: string, twoFactorCode?: string) => {
    if (!wallet) return;
    save.mutate(
      { ...wallet, label: wallet.label || undefined, payPassword, twoFactorCode },
      {
        onSuccess: () => {
          step.close();
          showSuccess(t('toast.addedSuccess'));
          reset();
          const redirect = searchParams.get('redirect');
          if (redirect) navigate(safeRedirect(redirect, '/wallet'), { replace: true });
        },
        onError: (error) => {
          if (step.refuse(error)) return;
          if (!applyServerFieldErrors(error, setError, ['address', 'label'])) showError(error);
        },
      },
    );
  };

  return (
    <>
      <form className="form" onSubmit={handleSubmit(onValid)} noValidate>
        <p className="field__hint">{t('address.note')}</p>
        <TextField
          label={t('address.address')}
          placeholder={t('address.addressPlaceholder')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          error={fieldMessage(errors.address?.message)}
          {...register('address')}
        />
        <TextField
          label={t('address.label')}
          placeholder={t('address.labelPlaceholder')}
          maxLength={32}
          error={fieldMessage(errors.label?.message)}
          {...register('label')}
        />
        <SubmitButton isLoading={save.isPending}>{t('address.submit')}</SubmitButton>
      </form>
      {/* Outside the form: the sheet's own submit must not bubble (through the portal) into the page's. */}
      <PayPasswordSheet
        isOpen={step.isOpen}
        isPending={save.isPending}
        error={step.error}
        codeError={step.codeError}
        onClose={step.close}
        onSubmit={onPayPassword}
        requiredMessage="pay_password_required"
        titleId="address-sheet-title"
        title={t('address.sheetTitle')}
        passwordLabel={t('address.payPassword')}
        submitText={t('address.submit')}
        note={t('address.note')}
      >
        {wallet && (
          <dl className="summary">
            <div className="summary__strong">
              <dt>{t('address.address')}</dt>
              <dd className="mono summary__destination">{wallet.address}</dd>
            </div>
            {wallet.label && (
              <div>
                <dt>{t('address.label')}</dt>
                <dd>{wallet.label}</dd>
              </div>
            )}
          </dl>
        )}
      </PayPasswordSheet>
    </>
  );
}
