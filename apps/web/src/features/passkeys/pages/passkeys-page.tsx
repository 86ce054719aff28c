import { ERRORS } from '@app/contract/errors';
import type { Passkey } from '@app/contract/passkeys';
import { KeyOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { CurrentPasswordField } from '../../../components/current-password-field';
import { NavPage } from '../../../components/nav-page';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api/api-error';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { translateFieldMessage } from '../../../lib/form/field-message';
import { useTranslation } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/notify';
import { passkeyMoneyMoveCode } from '../../../lib/passkey';
import { formatDateTime } from '../../../lib/time';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/get-passkeys';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRenamePasskey } from '../api/rename-passkey';
import '../passkeys.css';

const NAME_MAX = 40;
/** A six-digit code or a recovery code (the server checks which). */
const ANY_CODE = /^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/i;

type Errors = { name?: string; password?: string; form?: string };

/**
 * The server's refusal where it belongs: the password under the password, the name under the name,
 * a cancelled prompt or any other refusal under the form; a network failure as a toast.
 */
function placeRefusal(failure: unknown): Errors | null {
  if (isApiError(failure)) {
    if (failure.status === 0 || failure.status >= 500) return null;
    if (failure.fields.password || failure.code === ERRORS.password_incorrect.code) {
      return { password: failure.fields.password ?? failure.message };
    }
    if (failure.fields.name) return { name: failure.fields.name };
    return { form: failure.message };
  }
  return failure instanceof Error && failure.message ? { form: failure.message } : null;
}

/** Account → Passkeys (issue 14): the user's passkeys (name, added, last used), add, rename and remove. */
export default function PasskeysPage() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const [isAdding, setIsAdding] = useState(false);
  return (
    <NavPage title={t('passkeys.title')} fallback="/my">
      <section className="card passkeys__intro">
        <p>{t('passkeys.intro')}</p>
      </section>
      {passkeys.data ? (
        passkeys.data.list.length > 0 ? (
          <ul className="passkeys" aria-label={t('passkeys.title')}>
            {passkeys.data.list.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        ) : (
          <p className="list-state">{t('passkeys.empty')}</p>
        )
      ) : passkeys.isError ? (
        <p className="list-state">{t('common.loadFailed')}</p>
      ) : (
        <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
      )}
      {isAdding ? (
        <AddPasskeyForm onDone={() => setIsAdding(false)} />
      ) : (
        <button type="button" className="btn btn--primary btn--block" onClick={() => setIsAdding(true)}>
          {t('passkeys.add')}
        </button>
      )}
    </NavPage>
  );
}

function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = translateFieldMessage('passkey_name_required');
    else if (name.trim().length > NAME_MAX) next.name = translateFieldMessage('passkey_name_invalid');
    if (!password) next.password = translateFieldMessage('password_required');
    setErrors(next);
    if (next.name || next.password) return;
    add.mutate(
      { name: name.trim(), password },
      {
        onSuccess: () => {
          showSuccess(t('passkeys.added'));
          onDone();
        },
        onError: (failure) => {
          const placed = placeRefusal(failure);
          if (!placed) return showError(failure);
          setErrors(placed);
        },
      },
    );
  };
  return (
    <section className="card passkeys__form" aria-labelledby="passkey-add-title">
      <h2 className="passkeys__form-title" id="passkey-add-title">
        {t('passkeys.addTitle')}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('passkeys.name')}
          placeholder={t('passkeys.namePlaceholder')}
          name="passkey-name"
          maxLength={NAME_MAX}
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <CurrentPasswordField
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {errors.form && (
          <p className="field__error" role="alert">
            {errors.form}
          </p>
        )}
        <SubmitButton isLoading={add.isPending}>{t('passkeys.addSubmit')}</SubmitButton>
        <button type="button" className="btn btn--ghost btn--block" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </form>
    </section>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  return (
    <li className="passkey" data-testid="passkey-row">
      <div className="passkey__head">
        <span className="passkey__icon" aria-hidden="true">
          <KeyOutline />
        </span>
        <div className="passkey__main">
          <span className="passkey__name">
            {passkey.name}
            {passkey.isBackedUp && <span className="badge">{t('passkeys.synced')}</span>}
          </span>
          <span className="passkey__meta">{t('passkeys.created', { time: formatDateTime(passkey.createdAt) })}</span>
          <span className="passkey__meta">
            {passkey.lastUsedAt
              ? t('passkeys.lastUsed', { time: formatDateTime(passkey.lastUsedAt) })
              : t('passkeys.neverUsed')}
          </span>
        </div>
      </div>
      {mode === 'view' && (
        <div className="passkey__actions">
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setMode('rename')}>
            {t('passkeys.rename')}
          </button>
          <button type="button" className="btn btn--ghost btn--small passkey__remove" onClick={() => setMode('remove')}>
            {t('passkeys.remove')}
          </button>
        </div>
      )}
      {mode === 'rename' && <RenameForm passkey={passkey} onDone={() => setMode('view')} />}
      {mode === 'remove' && <RemoveForm passkey={passkey} onDone={() => setMode('view')} />}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [errors, setErrors] = useState<Errors>({});
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: translateFieldMessage('passkey_name_required') });
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: () => {
          showSuccess(t('passkeys.renamed'));
          onDone();
        },
        onError: (failure) => {
          const placed = placeRefusal(failure);
          if (!placed) return showError(failure);
          setErrors({ name: placed.name ?? placed.form });
        },
      },
    );
  };
  return (
    <form className="form passkey__form" onSubmit={onSubmit} noValidate aria-label={t('passkeys.renameTitle')}>
      <TextField
        label={t('passkeys.name')}
        name="passkey-name"
        maxLength={NAME_MAX}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="passkey__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary btn--small" disabled={rename.isPending}>
          {t('passkeys.save')}
        </button>
      </div>
    </form>
  );
}

/**
 * Removing a passkey: the login password, and a second factor (issue 14), so that a session and the
 * password alone cannot strip the account of it: a passkey's answer (this one's too), or, with
 * two-factor authentication on, a code from the authenticator app.
 */
function RemoveForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  const hasTotp = useUserDetails().data?.twoFactorEnabled === true;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors & { code?: string }>({});
  const [isPrompting, setIsPrompting] = useState(false);
  const isBusy = remove.isPending || isPrompting;
  const send = (twoFactorCode: string, isCode: boolean) =>
    remove.mutate(
      { id: passkey.id, password, twoFactorCode },
      {
        onSuccess: () => showSuccess(t('passkeys.removed')),
        onError: (failure) => {
          const placed = placeRefusal(failure);
          if (!placed) return showError(failure);
          if (placed.password) return setErrors({ password: placed.password });
          const message = placed.name ?? placed.form;
          if (isCode) setCode('');
          setErrors(isCode ? { code: message } : { form: message });
        },
      },
    );
  const withPasskey = async () => {
    if (!password) return setErrors({ password: translateFieldMessage('password_required') });
    setErrors({});
    setIsPrompting(true);
    try {
      send(await passkeyMoneyMoveCode(), false);
    } catch (failure) {
      // A cancelled prompt says so; nothing was sent.
      const placed = placeRefusal(failure);
      if (!placed) showError(failure);
      else setErrors(placed);
    } finally {
      setIsPrompting(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasTotp) return void withPasskey();
    const typed = code.replace(/\s+/g, '');
    const next: typeof errors = {};
    if (!password) next.password = translateFieldMessage('password_required');
    if (!typed) next.code = translateFieldMessage('two_factor_code_required');
    else if (!ANY_CODE.test(typed)) next.code = translateFieldMessage('two_factor_code_invalid');
    setErrors(next);
    if (next.password || next.code) return;
    send(typed, true);
  };
  return (
    <form className="form passkey__form" onSubmit={onSubmit} noValidate aria-label={t('passkeys.remove')}>
      <p className="passkey__confirm">
        <strong>{t('passkeys.removeTitle', { name: passkey.name })}</strong> {t('passkeys.removeText')}
      </p>
      <CurrentPasswordField
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {hasTotp ? (
        <TextField
          label={t('passkeys.removeCode')}
          placeholder={t('passkeys.removeCodePlaceholder')}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          maxLength={16}
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.target.value)}
        />
      ) : (
        <p className="field__hint">{t('passkeys.removeWithPasskey')}</p>
      )}
      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="passkey__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={onDone}>
          {t('common.cancel')}
        </button>
        {hasTotp && (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={isBusy}
            onClick={() => void withPasskey()}
          >
            {t('passkeys.sheetUse')}
          </button>
        )}
        <button type="submit" className="btn btn--small passkey__danger" disabled={isBusy}>
          {t('passkeys.remove')}
        </button>
      </div>
    </form>
  );
}
