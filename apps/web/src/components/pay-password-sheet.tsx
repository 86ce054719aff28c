import { ERRORS } from '@app/contract/errors';
import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { isApiError } from '../lib/api/api-error';
import { useUserDetails } from '../lib/api/get-user-details';
import { translateFieldMessage } from '../lib/form/field-message';
import { useTranslation } from '../lib/i18n';
import { passkeyMoneyMoveCode } from '../lib/passkey';
import { PasscodeField } from './passcode-field';
import { Sheet } from './sheet';
import { SubmitButton } from './submit-button';

interface PayPasswordEntryOptions {
  isPending: boolean;
  onSubmit: (payPassword: string) => void;
  /** The field message key when the cells are empty. */
  requiredMessage: string;
  /** The field message key when the cells are not six digits. */
  invalidMessage?: string;
  /** What else must be right before the password is sent (an amount in the same sheet); false stops. */
  check?: () => Promise<boolean>;
  /**
   * Whether a send empties the cells, so that a retry after a wrong password starts from empty
   * cells; a sheet whose digits stay while the call runs empties them with `clear` on a refusal.
   */
  clearsOnSend?: boolean;
}

/** The six digits typed, their message, and `send`, which checks them and passes them on. */
export function usePayPasswordEntry({
  isPending,
  onSubmit,
  requiredMessage,
  invalidMessage = 'pay_password_invalid',
  check,
  clearsOnSend = true,
}: PayPasswordEntryOptions) {
  const [payPassword, setPayPassword] = useState('');
  const [localError, setLocalError] = useState<string>();
  const send = async (value: string) => {
    if (isPending) return;
    if (check && !(await check())) return;
    if (value.length === 0) return setLocalError(translateFieldMessage(requiredMessage));
    if (!/^\d{6}$/.test(value)) return setLocalError(translateFieldMessage(invalidMessage));
    setLocalError(undefined);
    if (clearsOnSend) setPayPassword('');
    onSubmit(value);
  };
  return {
    payPassword,
    localError,
    send,
    clear: () => setPayPassword(''),
    type: (value: string) => {
      setPayPassword(value);
      setLocalError(undefined);
      if (value.length === 6) void send(value);
    },
  };
}

type PayPasswordEntry = ReturnType<typeof usePayPasswordEntry>;

interface PayPasswordFormProps {
  entry: PayPasswordEntry;
  isPending: boolean;
  /** Already translated (a wrong password from the server). */
  error?: string;
  titleId: string;
  title: string;
  passwordLabel: string;
  submitText: string;
  /** What the user confirms or enters (above the password). */
  children?: ReactNode;
  /** A line under the password. */
  note?: string;
  /** Opens the number pad at once: the sheet is there only to take the password. */
  autoFocus?: boolean;
}

/** The payment password sheet's form (in a `Sheet`): its title, what it confirms, the 6-digit payment password, the button. */
export function PayPasswordForm({ entry, isPending, error, titleId, ...props }: PayPasswordFormProps) {
  const { t } = useTranslation();
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void entry.send(entry.payPassword);
  };
  return (
    <form className="form" onSubmit={onFormSubmit} noValidate aria-labelledby={titleId}>
      <h2 className="sheet__title" id={titleId}>
        {props.title}
      </h2>
      {props.children}
      <PasscodeField
        label={props.passwordLabel}
        value={entry.payPassword}
        onChange={entry.type}
        error={entry.localError ?? error}
        keyboardTitle={t('payPassword.keyboardTitle')}
        confirmText={t('common.confirm')}
        autoFocus={props.autoFocus}
      />
      {props.note && <p className="field__hint">{props.note}</p>}
      <SubmitButton isLoading={isPending}>{props.submitText}</SubmitButton>
    </form>
  );
}

type PayPasswordSheetProps = Omit<ComponentProps<typeof Sheet>, 'children'> &
  Omit<PayPasswordFormProps, 'entry' | 'autoFocus'> & {
    /** The payment password, and the authenticator code when the user has two-factor authentication on. */
    onSubmit: (payPassword: string, twoFactorCode?: string) => void;
    requiredMessage: string;
    /** The server's word on the authenticator code (wrong, used), already translated. */
    codeError?: string;
    /** False for a move that needs no second factor (redeeming flexible earn); the default asks it when it is on. */
    asksTwoFactor?: boolean;
  };

/**
 * The last look before money moves: what the user confirms and the 6-digit payment password on the
 * number pad, sent once the sixth digit is in (or on the button). With two-factor authentication on
 * (issue 14), a second step asks the authenticator app's code the same way; both go together.
 */
export function PayPasswordSheet({
  isOpen,
  onClose,
  onSubmit,
  requiredMessage,
  codeError: serverCodeError,
  asksTwoFactor = true,
  ...form
}: PayPasswordSheetProps) {
  const { t } = useTranslation();
  // The server's word shows once its call has ended: React Query hands the refusal to the page a
  // moment before it reports the call over, and digits typed in that moment would be dropped.
  const codeError = form.isPending ? undefined : serverCodeError;
  const error = form.isPending ? undefined : form.error;
  const user = useUserDetails();
  const hasTotp = user.data?.twoFactorEnabled === true;
  // A passkey answers the second step instead of the code (issue 14): offered when the user has one.
  const hasPasskey = asksTwoFactor && user.data?.hasPasskey === true;
  const needsCode = asksTwoFactor && (hasTotp || hasPasskey);
  const [passkeyError, setPasskeyError] = useState<string>();
  const [isPasskeyPending, setIsPasskeyPending] = useState(false);
  // The payment password typed, kept while the code is asked; null: the first step.
  const [heldPassword, setHeldPassword] = useState<string | null>(null);
  const lastPassword = useRef<string | null>(null);
  const entry = usePayPasswordEntry({
    isPending: form.isPending,
    requiredMessage,
    onSubmit: (payPassword) => {
      lastPassword.current = payPassword;
      if (needsCode) setHeldPassword(payPassword);
      else onSubmit(payPassword);
    },
  });
  const codeEntry = usePayPasswordEntry({
    isPending: form.isPending,
    requiredMessage: 'two_factor_code_required',
    invalidMessage: 'totp_invalid',
    onSubmit: (code) => onSubmit(heldPassword ?? '', code),
  });
  const { clear } = entry;
  const clearCode = codeEntry.clear;
  // biome-ignore lint/correctness/useExhaustiveDependencies: empties the cells when the sheet closes
  useEffect(() => {
    if (!isOpen) {
      clear();
      clearCode();
      setHeldPassword(null);
      setPasskeyError(undefined);
    }
  }, [isOpen]);
  // A refused payment password is typed again from the first step (checked when each answer arrives).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a call ends, not when the message changes
  useEffect(() => {
    if (error) setHeldPassword(null);
  }, [form.isPending]);
  // The server asked a code the profile did not know of (turned on from another device): the code step
  // follows, with the payment password just typed, and the profile is read again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server's word on the code arrives
  useEffect(() => {
    if (codeError && heldPassword === null && lastPassword.current !== null) {
      setHeldPassword(lastPassword.current);
      void user.refetch();
    }
  }, [codeError]);
  const isCodeStep = heldPassword !== null;
  const usePasskey = async () => {
    setPasskeyError(undefined);
    setIsPasskeyPending(true);
    try {
      const code = await passkeyMoneyMoveCode();
      onSubmit(heldPassword ?? '', code);
    } catch (failure) {
      // A cancelled prompt says so; the code (or another try) stays possible.
      setPasskeyError(failure instanceof Error && failure.message ? failure.message : t('errors.unknown'));
    } finally {
      setIsPasskeyPending(false);
    }
  };
  const passkeyChoice = hasPasskey && (
    <PasskeyChoice
      isPending={form.isPending || isPasskeyPending}
      error={passkeyError ?? (hasTotp ? undefined : codeError)}
      hasCode={hasTotp}
      onUse={usePasskey}
    />
  );
  return (
    <Sheet isOpen={isOpen} isPending={form.isPending} onClose={onClose}>
      {isCodeStep && !hasTotp && hasPasskey ? (
        <div className="form">
          <h2 className="sheet__title" id={`${form.titleId}-passkey`}>
            {form.title}
          </h2>
          {form.children}
          {passkeyChoice}
        </div>
      ) : isCodeStep ? (
        <PayPasswordForm
          entry={codeEntry}
          autoFocus
          isPending={form.isPending}
          error={codeError}
          titleId={`${form.titleId}-code`}
          title={form.title}
          passwordLabel={t('twoFactorStep.codeLabel')}
          submitText={form.submitText}
          note={t('twoFactorStep.codeNote')}
        >
          {form.children}
          {passkeyChoice}
        </PayPasswordForm>
      ) : (
        <PayPasswordForm entry={entry} autoFocus {...form} error={error} />
      )}
    </Sheet>
  );
}

const TWO_FACTOR_REFUSALS: readonly number[] = [
  ERRORS.two_factor_required.code,
  ERRORS.two_factor_code_incorrect.code,
  ERRORS.two_factor_code_used.code,
  ERRORS.passkey_challenge_expired.code,
  ERRORS.passkey_not_recognised.code,
  ERRORS.passkey_verification_failed.code,
  ERRORS.passkey_counter_invalid.code,
];

/** "Use passkey" in the second step of the sheet; with TOTP on too, the code field follows. */
function PasskeyChoice(props: { isPending: boolean; error?: string; hasCode: boolean; onUse: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="pay-passkey">
      <p className="field__hint">{t('passkeys.sheetNote')}</p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={props.isPending}
        aria-busy={props.isPending}
        onClick={props.onUse}
      >
        {props.isPending && <span className="spinner" aria-hidden="true" />}
        {t('passkeys.sheetUse')}
      </button>
      {props.error && (
        <p className="field__error" role="alert">
          {props.error}
        </p>
      )}
      {props.hasCode && <p className="pay-passkey__or">{t('passkeys.sheetOr')}</p>}
    </div>
  );
}

/** The server's word on the authenticator code (missing, wrong, used), or undefined for any other refusal. */
export function twoFactorRefusal(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (TWO_FACTOR_REFUSALS.includes(error.code)) return error.message;
  return error.fields.twoFactorCode;
}

/** The server's word on the payment password (wrong, or not 6 digits), or undefined when the refusal is about something else. */
export function payPasswordRefusal(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.code === ERRORS.pay_password_incorrect.code) return error.message;
  return error.fields.payPassword;
}

/**
 * A form whose last step is the payment password sheet: the page's fields are checked first, then
 * `open` brings up the sheet. A refusal of the password stays in the sheet, for another try; any
 * other refusal closes it, for the page to show under its fields.
 */
export function usePayPasswordStep() {
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  return {
    isOpen,
    /** The server's word on the password, translated. */
    error,
    /** The server's word on the authenticator code, translated. */
    codeError,
    open: () => {
      setError(undefined);
      setCodeError(undefined);
      setIsOpen(true);
    },
    close: () => setIsOpen(false),
    /** True when the refusal was about the password or the code (shown in the sheet); false: the sheet closed. */
    refuse: (failure: unknown): boolean => {
      const codeMessage = twoFactorRefusal(failure);
      if (codeMessage) {
        setError(undefined);
        setCodeError(codeMessage);
        return true;
      }
      const message = payPasswordRefusal(failure);
      if (message) {
        setCodeError(undefined);
        setError(message);
        return true;
      }
      setIsOpen(false);
      return false;
    },
  };
}
