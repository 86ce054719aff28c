import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { useResponsibleState } from '../api/get-responsible-state';
import { ExclusionSection } from '../components/exclusion-section';
import { LimitsSection } from '../components/limits-section';
import { RealityCheckSection } from '../components/reality-check-section';
import '../responsible.css';

/**
 * `/responsible` (issue 14, Deriv's responsible trading as the anchor): the user's own limits with
 * their waiting changes, the reality check interval, and a cool-off or self-exclusion.
 */
export default function ResponsiblePage() {
  const { t } = useTranslation();
  const state = useResponsibleState();
  return (
    <NavPage title={t('responsible.title')} fallback="/my" className="responsible">
      <p className="responsible__intro">{t('responsible.intro')}</p>
      {state.data ? (
        <>
          <LimitsSection limits={state.data.limits} />
          <RealityCheckSection key={String(state.data.realityCheckMinutes)} minutes={state.data.realityCheckMinutes} />
          <ExclusionSection exclusion={state.data.exclusion} />
        </>
      ) : (
        <p className="responsible__text" aria-busy="true">
          {state.isError ? t('common.loadFailed') : t('common.loading')}
        </p>
      )}
    </NavPage>
  );
}
