import type { BankCard, WalletAddress, WithdrawalMethod } from '@app/contract/wallet';
import { BankcardOutline, CheckCircleFill } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

interface WithdrawDestinationProps {
  method: WithdrawalMethod;
  onMethodChange: (method: WithdrawalMethod) => void;
  bankCard: BankCard | null | undefined;
  isBankCardLoading: boolean;
  wallets: WalletAddress[] | undefined;
  walletId: string | undefined;
  onWalletChange: (id: string) => void;
}

/** Where the money goes: the bound card, or one of the bound addresses; never anywhere else. */
export function WithdrawDestination(props: WithdrawDestinationProps) {
  const { t } = useTranslation();
  const { method, onMethodChange } = props;
  return (
    <section className="card" aria-labelledby="withdraw-to">
      <h2 className="card__title" id="withdraw-to">
        {t('withdraw.to')}
      </h2>
      <fieldset className="segmented" aria-labelledby="withdraw-to">
        {(['bank', 'trc20'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={method === value}
            className={`segmented__item${method === value ? ' segmented__item--active' : ''}`}
            onClick={() => onMethodChange(value)}
          >
            {value === 'bank' ? t('withdraw.methodBank') : t('withdraw.methodTrc20')}
          </button>
        ))}
      </fieldset>
      {method === 'bank' ? <BankCardChoice {...props} /> : <AddressChoice {...props} />}
    </section>
  );
}

function BankCardChoice({ bankCard, isBankCardLoading }: WithdrawDestinationProps) {
  const { t } = useTranslation();
  if (isBankCardLoading) return <div className="skeleton skeleton--light skeleton--block" aria-busy="true" />;
  if (!bankCard) {
    return (
      <div className="empty-choice">
        <p>{t('withdraw.noCard')}</p>
        <Link className="btn btn--ghost btn--small" to="/bindBankCard?redirect=/withdraw">
          {t('withdraw.bindCard')}
        </Link>
      </div>
    );
  }
  return (
    <div className="bank-card-mini">
      <BankcardOutline className="bank-card-mini__icon" aria-hidden="true" />
      <div className="bank-card-mini__text">
        <span className="bank-card-mini__bank">{bankCard.bankName}</span>
        <span className="mono">{bankCard.cardNumber}</span>
        <span className="bank-card-mini__holder">{bankCard.holderName}</span>
      </div>
    </div>
  );
}

function AddressChoice({ wallets, walletId, onWalletChange }: WithdrawDestinationProps) {
  const { t } = useTranslation();
  if (!wallets) return <div className="skeleton skeleton--light skeleton--block" aria-busy="true" />;
  if (wallets.length === 0) {
    return (
      <div className="empty-choice">
        <p>{t('withdraw.noAddress')}</p>
        <Link className="btn btn--ghost btn--small" to="/bindWallet?redirect=/withdraw">
          {t('withdraw.bindAddress')}
        </Link>
      </div>
    );
  }
  return (
    <fieldset className="address-choices">
      <legend className="address-choices__legend">
        <span>{t('withdraw.chooseAddress')}</span>
        <Link className="link" to="/bindWallet?redirect=/withdraw">
          {t('withdraw.manage')}
        </Link>
      </legend>
      {wallets.map((wallet) => (
        <label key={wallet.id} className={`address-choice${wallet.id === walletId ? ' address-choice--checked' : ''}`}>
          <input
            type="radio"
            name="walletId"
            value={wallet.id}
            checked={wallet.id === walletId}
            onChange={() => onWalletChange(wallet.id)}
          />
          <span className="address-choice__text">
            {wallet.label && <span className="address-choice__label">{wallet.label}</span>}
            <span className="mono address-choice__address">{wallet.address}</span>
          </span>
          {wallet.id === walletId && <CheckCircleFill className="address-choice__check" aria-hidden="true" />}
        </label>
      ))}
    </fieldset>
  );
}
