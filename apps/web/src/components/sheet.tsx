import { Popup } from 'antd-mobile';
import { type FocusEvent, type ReactNode, useState } from 'react';
import './sheet.css';

interface SheetProps {
  isOpen: boolean;
  /** While a call runs the sheet cannot be tapped away. */
  isPending?: boolean;
  onClose: () => void;
  children?: ReactNode;
}

/** The passcode's cell row: the element that holds the focus while the number pad is up. */
function isPasscode(target: EventTarget) {
  return target instanceof HTMLElement && target.classList.contains('adm-passcode-input');
}

/**
 * The one bottom sheet (class `sheet`, title `sheet__title`). While a passcode in it has the number pad
 * up, the sheet sits on top of the pad (`sheet--keypad`), so the six cells and what they confirm stay
 * in sight as the digits go in: the pad is its own layer and would otherwise cover them.
 */
export function Sheet({ isOpen, isPending = false, onClose, children }: SheetProps) {
  const [isKeypadOpen, setIsKeypadOpen] = useState(false);
  const onFocus = (event: FocusEvent) => {
    if (isPasscode(event.target)) setIsKeypadOpen(true);
  };
  const onBlur = (event: FocusEvent) => {
    if (isPasscode(event.target)) setIsKeypadOpen(false);
  };
  return (
    <Popup
      visible={isOpen}
      onMaskClick={isPending ? undefined : onClose}
      onClose={onClose}
      bodyClassName={isKeypadOpen ? 'sheet sheet--keypad' : 'sheet'}
      afterClose={() => setIsKeypadOpen(false)}
      destroyOnClose
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only listens for the passcode's focus inside, to make room for the number pad. */}
      <div className="sheet__content" onFocus={onFocus} onBlur={onBlur}>
        {children}
      </div>
    </Popup>
  );
}
