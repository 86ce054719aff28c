import { saveBankRequestSchema } from '@app/contract/wallet';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PayPasswordSheet, usePayPasswordStep } from '../../../components/pay-password-sheet';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { applyServerFieldErrors, useFieldMessage } from '../../../lib/form/field-message';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/notify';
import { useBanks } from '../api/get-banks';
import { useSaveBankCard } from '../api/save-bank-card';

/** The card's fields on the page; the payment password is asked for in the sheet. */
const bankCardFieldsSchema = saveBankRequestSchema.omit({ payPassword: true, twoFactorCode: true });
type BankCardFormValues = z.input<typeof bankCardFieldsSchema>;
type BankCardFields = z.output<typeof bankCardFieldsSchema>;
const FIELDS = ['bankName', 'holderName', 'cardNumber', 'branch', 'city', 'province', 'remark'] as const;

export function BankCardForm({ isReplacing, onSuccess }: { isReplacing: boolean; onSuccess: () => void }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const banks = useBanks();
  const save = useSaveBankCard();
  const step = usePayPasswordStep();
  const [card, setCard] = useState<BankCardFields>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BankCardFormValues, unknown, BankCardFields>({
    resolver: zodResolver(bankCardFieldsSchema),
    defaultValues: {
      bankName: '',
      holderName: '',
      cardNumber: '',
      branch: '',
      city: '',
      province: '',
      remark: '',
    },
  });

  const onValid = (values: BankCardFields) => {
    setCard(values);
    step.open();
  };

  const onPayPassword = (payPassword: string, twoFactorCode?: string) => {
    if (!card) return;
    save.mutate(
      { ...card, remark: card.remark || undefined, payPassword, twoFactorCode },
      {
        onSuccess,
        onError: (error) => {
          if (step.refuse(error)) return;
          if (!applyServerFieldErrors(error, setError, FIELDS)) showError(error);
        },
      },
    );
  };

  const text = (name: Exclude<(typeof FIELDS)[number], 'bankName'>, extra = {}) => ({
    label: t(`bankCard.${name}`),
    placeholder: t(`bankCard.${name}Placeholder`),
    error: fieldMessage(errors[name]?.message),
    ...extra,
    ...register(name),
  });

  return (
    <>
      <form className="form" onSubmit={handleSubmit(onValid)} noValidate>
        {banks.data && banks.data.length > 0 ? (
          <SelectField
            label={t('bankCard.bank')}
            placeholder={t('bankCard.bankPlaceholder')}
            options={banks.data.map((bank) => ({ value: bank.name, label: bank.name }))}
            error={fieldMessage(errors.bankName?.message)}
            {...register('bankName')}
          />
        ) : (
          // No list (yet, or the call failed): the name can still be typed.
          <TextField
            label={t('bankCard.bank')}
            placeholder={t('bankCard.bankTypePlaceholder')}
            error={fieldMessage(errors.bankName?.message)}
            {...register('bankName')}
          />
        )}
        <TextField {...text('holderName', { autoComplete: 'cc-name' })} />
        <TextField {...text('cardNumber', { inputMode: 'numeric', autoComplete: 'cc-number' })} />
        <TextField {...text('branch')} />
        <TextField {...text('city', { autoComplete: 'address-level2' })} />
        <TextField {...text('province', { autoComplete: 'address-level1' })} />
        <TextField {...text('remark', { maxLength: 200 })} />
        <SubmitButton isLoading={save.isPending}>
          {isReplacing ? t('bankCard.submitReplace') : t('bankCard.submit')}
        </SubmitButton>
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
        titleId="bank-card-sheet-title"
        title={t('bankCard.sheetTitle')}
        passwordLabel={t('bankCard.payPassword')}
        submitText={isReplacing ? t('bankCard.submitReplace') : t('bankCard.submit')}
        note={isReplacing ? t('bankCard.replaceNote') : undefined}
      >
        {card && (
          <dl className="summary">
            <div>
              <dt>{t('bankCard.bank')}</dt>
              <dd>{card.bankName}</dd>
            </div>
            <div>
              <dt>{t('bankCard.holderName')}</dt>
              <dd>{card.holderName}</dd>
            </div>
            <div className="summary__strong">
              <dt>{t('bankCard.cardNumber')}</dt>
              <dd className="mono">{groupCardNumber(card.cardNumber)}</dd>
            </div>
            <div>
              <dt>{t('bankCard.branch')}</dt>
              <dd>{card.branch}</dd>
            </div>
          </dl>
        )}
      </PayPasswordSheet>
    </>
  );
}

/** "9704366112345678" → "9704 3661 1234 5678": easier to check against the card in hand. */
function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
