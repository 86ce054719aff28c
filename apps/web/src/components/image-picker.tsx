import { CameraOutline, CloseOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { compressImage, ImageRejectedError } from '../lib/image';
import './image-picker.css';

interface ImagePickerProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** Already translated. */
  error?: string;
  /** Shown in the empty tile. */
  prompt: string;
  /** Told when a picked photo starts and ends processing, so a form can hold its submit meanwhile. */
  onBusyChange?: (isBusy: boolean) => void;
}

/** A photo tile: camera or library (the phone offers both), compressed in the browser, with a preview. */
export function ImagePicker({ label, value, onChange, error, prompt, onBusyChange }: ImagePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [isBusy, setIsBusy] = useState(false);
  const [pickError, setPickError] = useState<string>();
  const preview = useObjectUrl(value);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same photo again still fires change
    if (!file) return;
    setIsBusy(true);
    onBusyChange?.(true);
    setPickError(undefined);
    try {
      onChange(await compressImage(file));
    } catch (reason) {
      const isSize = reason instanceof ImageRejectedError && reason.reason === 'size';
      setPickError(isSize ? t('image.tooLarge') : t('image.badType'));
    } finally {
      setIsBusy(false);
      onBusyChange?.(false);
    }
  };

  const message = pickError ?? error;
  return (
    <div className={`field${message ? ' field--error' : ''}`}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="image-picker">
        {preview ? (
          <>
            <img className="image-picker__preview" src={preview} alt={label} />
            <button
              type="button"
              className="image-picker__remove"
              onClick={() => onChange(null)}
              aria-label={t('image.remove', { name: label })}
            >
              <CloseOutline />
            </button>
          </>
        ) : (
          <label className="image-picker__empty" htmlFor={id} aria-busy={isBusy}>
            {isBusy ? (
              <span className="spinner spinner--dark" aria-hidden="true" />
            ) : (
              <CameraOutline aria-hidden="true" />
            )}
            <span>{isBusy ? t('image.processing') : prompt}</span>
          </label>
        )}
        <input
          id={id}
          className="sr-only"
          type="file"
          accept="image/*"
          aria-labelledby={`${id}-label`}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          onChange={onPick}
          disabled={isBusy}
        />
      </div>
      {message && (
        <p id={`${id}-message`} className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

/** For a form with photo pickers: whether any photo is still processing, and the callback to give each picker. */
export function usePhotosProcessing() {
  const [count, setCount] = useState(0);
  const onBusyChange = useCallback((isBusy: boolean) => setCount((n) => Math.max(0, n + (isBusy ? 1 : -1))), []);
  return { isProcessing: count > 0, onBusyChange };
}

function useObjectUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
