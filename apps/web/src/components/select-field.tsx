import { DownOutline } from 'antd-mobile-icons';
import { type Ref, type SelectHTMLAttributes, useId } from 'react';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  /** Already translated. */
  error?: string;
  ref?: Ref<HTMLSelectElement>;
};

/** A native select: on phones it opens the system's own wheel or sheet, which users already know. */
export function SelectField({ label, placeholder, options, error, ref, ...selectProps }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <select
          ref={ref}
          id={id}
          className="field__input field__select"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-message` : undefined}
          {...selectProps}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <DownOutline className="field__select-arrow" aria-hidden="true" />
      </div>
      {error && (
        <p id={`${id}-message`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
