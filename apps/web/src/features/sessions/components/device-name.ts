import type { Device } from '@app/contract/sessions';
import type { TFunction } from '../../../lib/i18n';

/** "Chrome 120 · Android 14", or the kind of device when the browser does not say. */
export function deviceName(t: TFunction, device: Device): string {
  const parts = [device.browser, device.os].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : t('sessions.unknownDevice');
}
