import { Input } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../config/strings';

/** Narrows a list to one user by ID; anything but digits is refused before it reaches the server. */
export function UserIdFilter({ value, onChange }: { value: string | undefined; onChange: (id: string) => void }) {
  const [isInvalid, setIsInvalid] = useState(false);
  return (
    <Input.Search
      key={value ?? ''}
      defaultValue={value}
      placeholder={STRINGS.common.userId}
      aria-label={STRINGS.common.userId}
      title={isInvalid ? STRINGS.common.userIdInvalid : undefined}
      status={isInvalid ? 'error' : undefined}
      allowClear
      inputMode="numeric"
      onSearch={(text) => {
        const id = text.trim();
        const isValid = id === '' || /^\d{1,18}$/.test(id);
        setIsInvalid(!isValid);
        if (isValid) onChange(id);
      }}
      style={{ width: 200 }}
    />
  );
}
