import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLang, currentLang, i18n, type MessageKey, useTranslation } from '.';

afterEach(async () => {
  await act(() => changeLang('en'));
});

describe('the texts', () => {
  it('fill {{placeholders}}, numbers included, and leave one without a value as written', () => {
    expect(i18n.t('home.greeting', { name: 'Ann' })).toBe('Hello, Ann');
    expect(i18n.t('wallet.addressesCount', { count: 2, max: 5 })).toBe('2/5');
    expect(i18n.t('wallet.addressesCount', { count: 2 })).toBe('2/{{max}}');
    expect(i18n.t('login.title')).toBe('Log in');
  });

  it('answer an unknown key with the key, as i18next did', () => {
    expect(i18n.t('login.nothingHere' as MessageKey)).toBe('login.nothingHere');
    expect(i18n.t('login' as MessageKey)).toBe('login');
  });

  it('switch every mounted text, <html lang> and the stored language at once', async () => {
    function Title() {
      const { t, i18n: current } = useTranslation();
      return <h1 data-lang={current.language}>{t('login.title')}</h1>;
    }
    render(<Title />);
    expect(screen.getByRole('heading')).toHaveTextContent('Log in');
    await act(() => changeLang('vn'));
    expect(screen.getByRole('heading')).toHaveTextContent('Đăng nhập');
    expect(screen.getByRole('heading')).toHaveAttribute('data-lang', 'vn');
    expect(document.documentElement.lang).toBe('vi');
    expect(window.localStorage.getItem('lang')).toBe('vn');
    expect(currentLang()).toBe('vn');
    await act(() => changeLang('zn'));
    expect(screen.getByRole('heading')).toHaveTextContent('登入');
    expect(document.documentElement.lang).toBe('zh-Hant');
  });
});
