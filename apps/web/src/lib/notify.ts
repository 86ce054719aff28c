import { Toast } from 'antd-mobile';
import { i18n } from './i18n';

export function showSuccess(content: string): void {
  Toast.show({ icon: 'success', content });
}

export function showError(error: unknown): void {
  const content = error instanceof Error && error.message ? error.message : i18n.t('errors.unknown');
  Toast.show({ icon: 'fail', content });
}
