import type { UseMutationResult } from '@tanstack/react-query';
import { App, Switch } from 'antd';

interface SavingSwitchProps<D, V> {
  label: string;
  checked: boolean;
  /** The row's own update, so that only its switch spins. */
  update: UseMutationResult<D, Error, V>;
  /** What to send for the new position. */
  changes: (checked: boolean) => V;
  savedText: string;
}

/** A row's on/off in a list, saved as soon as it is flipped; a message says it was saved, or why not. */
export function SavingSwitch<D, V>({ label, checked, update, changes, savedText }: SavingSwitchProps<D, V>) {
  const { message } = App.useApp();
  return (
    <Switch
      aria-label={label}
      checked={checked}
      loading={update.isPending}
      onChange={(value) =>
        update.mutate(changes(value), {
          onSuccess: () => message.success(savedText),
          onError: (error) => message.error(error.message),
        })
      }
    />
  );
}
