import { CheckOutline } from 'antd-mobile-icons';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { RISE_COLORS, type RiseColor, setRiseColor, useRiseColor } from '../../../lib/rise-colors';

/** Green up (the default) or red up: every price, change and chart on this device follows it. */
export default function RiseColorPage() {
  const { t } = useTranslation();
  const selected = useRiseColor();

  return (
    <NavPage title={t('colors.title')}>
      <p className="page__intro">{t('colors.hint')}</p>
      <fieldset className="choice-list">
        <legend className="sr-only">{t('colors.title')}</legend>
        {RISE_COLORS.map((color) => (
          <label key={color} className={`choice${color === selected ? ' choice--selected' : ''}`}>
            <input
              className="sr-only"
              type="radio"
              name="riseColor"
              value={color}
              checked={color === selected}
              onChange={() => setRiseColor(color)}
            />
            <span className="choice__label">{t(`colors.${color}`)}</span>
            <Sample color={color} />
            {color === selected && <CheckOutline className="choice__check" aria-hidden="true" />}
          </label>
        ))}
      </fieldset>
    </NavPage>
  );
}

/** What the choice looks like: its own colours, whatever is chosen now. */
function Sample({ color }: { color: RiseColor }) {
  const { t } = useTranslation();
  const [rise, fall] = color === 'red' ? ['red', 'green'] : ['green', 'red'];
  return (
    <span className="choice__sample" aria-hidden="true">
      <span className={`choice__chip choice__chip--${rise}`}>▲ {t('colors.sampleUp')}</span>
      <span className={`choice__chip choice__chip--${fall}`}>▼ {t('colors.sampleDown')}</span>
    </span>
  );
}
