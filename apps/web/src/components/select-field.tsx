import { DownOutline } from 'antd-mobile-icons';
import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

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
  return (
    <FieldFrame label={label} error={error}>
      {(control) => (
        <>
          <select ref={ref} className="field__input field__select" {...control} {...selectProps}>
            <option value="">{placeholder}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <DownOutline className="field__select-arrow" aria-hidden="true" />
        </>
      )}
    </FieldFrame>
  );
}
