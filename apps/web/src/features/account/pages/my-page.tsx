import type { UserProfile } from '@app/contract/users';
import {
  BankcardOutline,
  BellOutline,
  BillOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  CloseCircleOutline,
  DownlandOutline,
  EnvironmentOutline,
  GlobalOutline,
  HistogramOutline,
  KeyOutline,
  LockOutline,
  QuestionCircleOutline,
  ReceiptOutline,
  TeamOutline,
  UnorderedListOutline,
  UploadOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { type MenuEntry, MenuList } from '../../../components/menu-list';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { confirmAction } from '../../../lib/dialog';
import { currentLang, useTranslation } from '../../../lib/i18n';
import { LANG_NAMES } from '../../../lib/i18n/lang-names';
import { showSuccess } from '../../../lib/notify';
import { getRiseColor } from '../../../lib/rise-colors';
import { useLogoutUser } from '../api/logout-user';
import { ProfileCard } from '../components/profile-card';

export default function MyPage() {
  const { t } = useTranslation();
  const user = useUserDetails();
  return (
    <main className="page__body page__body--tab my">
      {user.data ? (
        <ProfileCard user={user.data} />
      ) : user.isError ? (
        <section className="profile profile--empty">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => user.refetch()}>
            {t('common.retry')}
          </button>
        </section>
      ) : (
        <section className="profile profile--loading" aria-busy="true" aria-label={t('common.loading')}>
          <div className="skeleton skeleton--avatar" />
          <div className="skeleton skeleton--line" />
        </section>
      )}
      <MyMenus user={user.data} />
    </main>
  );
}

function MyMenus({ user }: { user: UserProfile | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogoutUser(async () => {
    showSuccess(t('toast.loggedOut'));
    await navigate('/login', { replace: true });
  });

  const onLogout = async () => {
    const isConfirmed = await confirmAction({
      content: t('my.logoutConfirm'),
      confirmText: t('my.menu.logout'),
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    logout.mutate();
  };

  const funds: MenuEntry[] = [
    { key: 'wallet', label: t('my.menu.wallet'), icon: <BillOutline />, to: '/wallet' },
    { key: 'deposit', label: t('my.menu.deposit'), icon: <DownlandOutline />, to: '/recharge' },
    { key: 'withdraw', label: t('my.menu.withdraw'), icon: <UploadOutline />, to: '/withdraw' },
    { key: 'fund-details', label: t('my.menu.fundDetails'), icon: <ReceiptOutline />, to: '/runningwater' },
    { key: 'orders', label: t('my.menu.orders'), icon: <UnorderedListOutline />, to: '/orderrecord' },
    { key: 'price-alerts', label: t('priceAlerts.title'), icon: <BellOutline />, to: '/pricealerts' },
  ];
  const account: MenuEntry[] = [
    {
      key: 'bank-card',
      label: t('my.menu.bankCard'),
      icon: <BankcardOutline />,
      to: '/bindBankCard',
      extra: user && (user.hasBankCard ? t('my.bound') : t('my.notBound')),
    },
    {
      key: 'addresses',
      label: t('my.menu.addresses'),
      icon: <EnvironmentOutline />,
      to: '/bindWallet',
      extra: user && (user.hasWallet ? t('my.bound') : t('my.notBound')),
    },
    {
      key: 'identity',
      label: t('my.menu.identity'),
      icon: <UserContactOutline />,
      to: '/realname',
      extra: user && t(`my.kycStatus.${user.kycStatus}`),
    },
    { key: 'login-password', label: t('my.menu.loginPassword'), icon: <LockOutline />, to: '/loginpassword' },
    { key: 'sessions', label: t('my.menu.sessions'), icon: <GlobalOutline />, to: '/sessions' },
    { key: 'notifications', label: t('my.menu.notifications'), icon: <BellOutline />, to: '/notifications' },
    user?.hasPayPassword
      ? { key: 'pay-password', label: t('my.menu.payPasswordChange'), icon: <KeyOutline />, to: '/resetTxpassword' }
      : {
          key: 'pay-password',
          label: t('my.menu.payPasswordSet'),
          icon: <KeyOutline />,
          to: '/txpassword',
          extra: user && <span className="menu__hint">{t('my.notSet')}</span>,
        },
    {
      key: 'two-factor',
      label: t('my.menu.twoFactor'),
      icon: <CheckShieldOutline />,
      to: '/twofactor',
      extra: user && (user.twoFactorEnabled ? t('my.twoFactorOn') : t('my.twoFactorOff')),
    },
    { key: 'passkeys', label: t('passkeys.menuLabel'), icon: <KeyOutline />, to: '/passkeys' },
    { key: 'responsible', label: t('responsible.menu'), icon: <ClockCircleOutline />, to: '/responsible' },
    { key: 'invite', label: t('my.menu.invite'), icon: <TeamOutline />, to: '/yqhy' },
  ];
  const more: MenuEntry[] = [
    {
      key: 'language',
      label: t('my.menu.language'),
      icon: <GlobalOutline />,
      to: '/lang',
      extra: LANG_NAMES[currentLang()],
    },
    {
      key: 'colors',
      label: t('my.menu.colors'),
      icon: <HistogramOutline />,
      to: '/colors',
      extra: t(`colors.${getRiseColor()}`),
    },
    { key: 'help', label: t('my.menu.help'), icon: <QuestionCircleOutline />, to: '/bz' },
    { key: 'logout', label: t('my.menu.logout'), icon: <CloseCircleOutline />, onClick: onLogout, isDanger: true },
  ];

  return (
    <>
      <MenuList title={t('my.sections.funds')} entries={funds} />
      <MenuList title={t('my.sections.account')} entries={account} />
      <MenuList title={t('my.sections.more')} entries={more} />
    </>
  );
}
