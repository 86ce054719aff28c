import { WALLET_ADDRESSES_MAX } from '@app/contract/wallet';
import {
  BankcardOutline,
  CheckShieldOutline,
  DownlandOutline,
  EnvironmentOutline,
  ReceiptOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import { type MenuEntry, MenuList } from '../../../components/menu-list';
import { NavPage } from '../../../components/nav-page';
import { useBalances } from '../../../lib/api/get-balances';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { useTranslation } from '../../../lib/i18n';
import { useUserWallets } from '../api/get-user-wallets';
import { BalanceCard } from '../components/balance-card';
import '../wallet.css';

export default function WalletPage() {
  const { t } = useTranslation();
  const balances = useBalances();
  const user = useUserDetails();
  const wallets = useUserWallets();

  const records: MenuEntry[] = [
    { key: 'water', label: t('wallet.fundDetails'), icon: <ReceiptOutline />, to: '/runningwater' },
    { key: 'deposits', label: t('wallet.depositHistory'), icon: <DownlandOutline />, to: '/depositrecord' },
    { key: 'withdrawals', label: t('wallet.withdrawalHistory'), icon: <UploadOutline />, to: '/withdrawrecord' },
    { key: 'liabilities', label: t('wallet.proofOfLiabilities'), icon: <CheckShieldOutline />, to: '/liabilities' },
  ];
  const accounts: MenuEntry[] = [
    {
      key: 'bank-card',
      label: t('wallet.bankCard'),
      icon: <BankcardOutline />,
      to: '/bindBankCard',
      extra: user.data && (user.data.hasBankCard ? t('my.bound') : t('my.notBound')),
    },
    {
      key: 'addresses',
      label: t('wallet.addresses'),
      icon: <EnvironmentOutline />,
      to: '/bindWallet',
      extra: wallets.data && t('wallet.addressesCount', { count: wallets.data.length, max: WALLET_ADDRESSES_MAX }),
    },
  ];

  return (
    <NavPage title={t('wallet.title')} fallback="/my">
      <BalanceCard balances={balances.data} />
      {balances.isError && (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => balances.refetch()}>
          {t('common.retry')}
        </button>
      )}
      <p className="page__intro">{t('wallet.frozenHint')}</p>
      <MenuList title={t('wallet.records')} entries={records} />
      <MenuList title={t('wallet.accounts')} entries={accounts} />
    </NavPage>
  );
}
