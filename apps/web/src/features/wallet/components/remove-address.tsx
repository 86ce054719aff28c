import type { WalletAddress } from '@app/contract/wallet';
import { useState } from 'react';
import { PayPasswordSheet, payPasswordRefusal, twoFactorRefusal } from '../../../components/pay-password-sheet';
import { useTranslation } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/notify';
import { useRemoveWallet } from '../api/remove-wallet';

/** Issue 14: removing an address takes effect at once (only binding waits), confirmed like binding. */
export function RemoveAddress({ wallet }: { wallet: WalletAddress }) {
  const { t } = useTranslation();
  const remove = useRemoveWallet();
  const [isOpen, setIsOpen] = useState(false);
  const [passwordError, setPasswordError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  // mutateAsync, not mutate: the removed address's row (this component) goes away with the new list
  // before a per-call callback would run, and the toast must still say it was removed.
  const onSubmit = (payPassword: string, twoFactorCode?: string) =>
    remove.mutateAsync({ walletId: wallet.id, payPassword, twoFactorCode }).then(
      () => showSuccess(t('withdrawGuard.removed')),
      (error: unknown) => {
        const codeRefusal = twoFactorRefusal(error);
        if (codeRefusal) return setCodeError(codeRefusal);
        const passwordRefusal = payPasswordRefusal(error);
        if (passwordRefusal) return setPasswordError(passwordRefusal);
        setIsOpen(false);
        showError(error);
      },
    );
  return (
    <>
      <button
        type="button"
        className="link address-item__remove"
        aria-label={t('withdrawGuard.removeLabel', { address: wallet.address })}
        onClick={() => {
          setPasswordError(undefined);
          setCodeError(undefined);
          setIsOpen(true);
        }}
      >
        {t('withdrawGuard.remove')}
      </button>
      <PayPasswordSheet
        isOpen={isOpen}
        titleId={`remove-address-${wallet.id}`}
        title={t('withdrawGuard.removeTitle')}
        passwordLabel={t('withdraw.payPassword')}
        requiredMessage="pay_password_required"
        submitText={t('withdrawGuard.remove')}
        note={t('withdrawGuard.removeNote')}
        isPending={remove.isPending}
        error={passwordError}
        codeError={codeError}
        onClose={() => setIsOpen(false)}
        onSubmit={(payPassword, code) => void onSubmit(payPassword, code)}
      >
        <p className="mono summary__destination">{wallet.address}</p>
      </PayPasswordSheet>
    </>
  );
}
