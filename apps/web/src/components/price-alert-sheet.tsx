import {
  type CreatePriceAlertRequest,
  PRICE_ALERT_KINDS,
  PRICE_ALERT_WINDOWS_SECONDS,
  type PriceAlertKind,
} from '@app/contract/price-alerts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { readAmountInput, writeAmountInput } from '../lib/amount-input';
import { useCreatePriceAlert } from '../lib/api/price-alerts';
import { ambiguousMessage } from '../lib/form/amount-rules';
import { useTranslation } from '../lib/i18n';
import { showSuccess } from '../lib/notify';
import { formatPrice } from '../lib/price';
import { Sheet } from './sheet';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import './price-alert.css';

type WindowSeconds = (typeof PRICE_ALERT_WINDOWS_SECONDS)[number];

interface PriceAlertSheetProps {
  isOpen: boolean;
  onClose: () => void;
  symbol: string;
  currentPrice: string | null;
  precision: number;
}

/** The new-alert sheet: rises to / falls to a price (the current one filled in), or moves by a percent within a period. */
export default function PriceAlertSheet({ isOpen, onClose, ...props }: PriceAlertSheetProps) {
  return (
    <Sheet isOpen={isOpen} onClose={onClose}>
      {isOpen && <PriceAlertForm {...props} onDone={onClose} />}
    </Sheet>
  );
}

function PriceAlertForm({
  symbol,
  currentPrice,
  precision,
  onDone,
}: Omit<PriceAlertSheetProps, 'isOpen' | 'onClose'> & { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const titleId = useId();
  const current = currentPrice ? formatPrice(currentPrice, precision) : '';
  const [kind, setKind] = useState<PriceAlertKind>('above');
  const [price, setPrice] = useState(() =>
    currentPrice ? writeAmountInput(plainPrice(currentPrice, precision), lang) : '',
  );
  const [percent, setPercent] = useState(() => writeAmountInput('1', lang));
  const [windowSeconds, setWindowSeconds] = useState<WindowSeconds>(300);
  /** What was typed reads two ways ("1.000" in Vietnamese): asked again here, never guessed. */
  const [ambiguity, setAmbiguity] = useState<string | null>(null);
  const create = useCreatePriceAlert();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = kind === 'move' ? percent : price;
    // Read as the language writes numbers ("65990,5" in Vietnamese), as amount fields do.
    const reading = readAmountInput(typed, lang);
    if (reading.kind === 'ambiguous') {
      setAmbiguity(ambiguousMessage(typed, reading.readings, lang));
      return;
    }
    setAmbiguity(null);
    // Anything else that is not a number goes as typed: the server refuses it, in the user's language.
    const plain = reading.kind === 'amount' ? reading.plain : typed.trim();
    const request: CreatePriceAlertRequest =
      kind === 'move' ? { kind, symbol, percent: plain, windowSeconds } : { kind, symbol, price: plain };
    create.mutate(request, {
      onSuccess: () => {
        showSuccess(t('priceAlerts.created'));
        onDone();
      },
    });
  };
  const error = ambiguity ?? (create.error instanceof Error ? create.error.message : undefined);

  return (
    <form className="alert-form" aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h2 className="sheet__title" id={titleId}>
        {t('priceAlerts.newTitle', { symbol })}
      </h2>
      <p className="alert-form__current">{t('priceAlerts.current', { price: current || '--' })}</p>
      <fieldset className="alert-form__options">
        <legend className="sr-only">{t('priceAlerts.newTitle', { symbol })}</legend>
        {PRICE_ALERT_KINDS.map((value) => (
          <button
            key={value}
            type="button"
            className="alert-option"
            aria-pressed={kind === value}
            onClick={() => {
              setKind(value);
              setAmbiguity(null);
              create.reset();
            }}
          >
            {t(`priceAlerts.kinds.${value}`)}
          </button>
        ))}
      </fieldset>
      {kind === 'move' ? (
        <>
          <TextField
            label={t('priceAlerts.percent')}
            inputMode="decimal"
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
          />
          <fieldset className="alert-form__options">
            <legend className="field__label">{t('priceAlerts.window')}</legend>
            {PRICE_ALERT_WINDOWS_SECONDS.map((value) => (
              <button
                key={value}
                type="button"
                className="alert-option"
                aria-pressed={windowSeconds === value}
                onClick={() => setWindowSeconds(value)}
              >
                {t(`priceAlerts.windows.${value}`)}
              </button>
            ))}
          </fieldset>
        </>
      ) : (
        <TextField
          label={t('priceAlerts.price')}
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
      )}
      {error && (
        <p className="alert-form__error" role="alert">
          {error}
        </p>
      )}
      <SubmitButton isLoading={create.isPending}>{t('priceAlerts.create')}</SubmitButton>
      <Link className="link alert-form__manage" to="/pricealerts">
        {t('priceAlerts.manage')}
      </Link>
    </form>
  );
}

/** A price as typed in a field: the product's decimals, no grouping ("67250.5", 2 → "67250.50"). */
function plainPrice(text: string, precision: number): string {
  const [whole = '0', fraction = ''] = text.split('.');
  return precision > 0 ? `${whole}.${fraction.slice(0, precision).padEnd(precision, '0')}` : whole;
}
