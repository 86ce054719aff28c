import { act, render, screen } from '@testing-library/react';
import { PasscodeInput } from 'antd-mobile';
import { afterEach, expect, test } from 'vitest';
import { changeLang } from '../lib/i18n';
import { AntdLocale } from './app';

afterEach(async () => {
  await act(() => changeLang('en'));
});

test("antd-mobile's own texts follow the app's language, as screen readers hear them", async () => {
  render(
    <AntdLocale>
      <PasscodeInput length={6} />
    </AntdLocale>,
  );
  expect(screen.getByRole('button', { name: 'Passcode Input' })).toBeInTheDocument();
  await act(() => changeLang('vn'));
  expect(screen.getByRole('button', { name: 'Khung nhập mật khẩu' })).toBeInTheDocument();
  // Traditional Chinese, not antd-mobile's default Simplified "密码输入框".
  await act(() => changeLang('zn'));
  expect(screen.getByRole('button', { name: '密碼輸入框' })).toBeInTheDocument();
});
