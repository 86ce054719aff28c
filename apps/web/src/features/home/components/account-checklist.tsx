import type { UserProfile } from '@app/contract/users';
import { CheckCircleFill, RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

/** What the user still has to do before money can move out; only facts the profile states. */
export function AccountChecklist({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const tasks = [
    { key: 'pay', isDone: user.hasPayPassword, label: t('home.taskPayPassword'), to: '/txpassword' },
    { key: 'kyc', isDone: user.kycStatus === 'approved', label: t('home.taskKyc'), to: '/realname' },
    { key: 'bank', isDone: user.hasBankCard || user.hasWallet, label: t('home.taskBankCard'), to: '/bindBankCard' },
    { key: 'deposit', isDone: !/^0(\.0*)?$/.test(user.balances.total), label: t('home.taskDeposit'), to: '/recharge' },
  ];
  const open = tasks.filter((task) => !task.isDone);
  return (
    <section className="card" aria-labelledby="checklist-title">
      <h2 className="card__title" id="checklist-title">
        {t('home.tasksTitle')}
      </h2>
      {open.length === 0 ? (
        <p className="checklist__done">
          <CheckCircleFill aria-hidden="true" /> {t('home.allDone')}
        </p>
      ) : (
        <ul className="checklist">
          {open.map((task) => (
            <li key={task.key}>
              <Link className="checklist__row" to={task.to}>
                <span className="checklist__dot" aria-hidden="true" />
                <span className="checklist__label">{task.label}</span>
                <RightOutline aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
