import { i18n } from './i18n';

// antd-mobile's Toast brings its animation library (~23 KB gzip): it loads when first needed, or
// in idle time after a form screen is up (preloadNotify), not in front of the first screen.
const loadToast = () => import('./toast');

export function preloadNotify(): void {
  void loadToast();
}

export function showSuccess(content: string): void {
  void loadToast().then(({ showToast }) => showToast('success', content));
}

export function showError(error: unknown): void {
  const content = error instanceof Error && error.message ? error.message : i18n.t('errors.unknown');
  void loadToast().then(({ showToast }) => showToast('fail', content));
}
