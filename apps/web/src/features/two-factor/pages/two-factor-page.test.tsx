import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@app/contract/two-factor';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { CONFIG_REPLY, fail, mockApi, ok, renderScreen } from '../../../test/render';
import TwoFactorPage from './two-factor-page';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = [
  'abcde-fghij',
  'klmno-pqrst',
  'uvwxy-z2345',
  'aaaaa-bbbbb',
  'ccccc-ddddd',
  'eeeee-fffff',
  'ggggg-hhhhh',
  'iiiii-jjjjj',
  'kkkkk-lllll',
  'mmmmm-nnnnn',
];
const OFF: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const ON: TwoFactorStatus = { enabled: true, enabledAt: '2026-11-20T10:00:00.000Z', recoveryCodesLeft: 10 };

describe('two-factor page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLang('en'));
  });

  it('sets up: QR code and key, the code and the login password asked, a wrong code or password refused, then ten recovery codes once', async () => {
    let status = OFF;
    const { calls } = mockApi({
      '/common/config': CONFIG_REPLY,
      '/user/two_factor/status': () => ok<TwoFactorStatus>(status),
      '/user/two_factor/setup': ok<TwoFactorSetup>({
        secret: SECRET,
        otpauthUri: `otpauth://totp/Vela:alice01?issuer=Vela&secret=${SECRET}`,
      }),
      '/user/two_factor/enable': (body) => {
        const { code, password } = body as { code: string; password: string };
        if (password !== 'correct-horse-1') return fail(422, 2005, 'Incorrect password');
        if (code !== '123456') return fail(422, 2102, 'The verification code is not correct');
        status = ON;
        return ok<RecoveryCodes>({ recoveryCodes: CODES });
      },
    });
    renderScreen(<TwoFactorPage />, { path: '/twofactor' });
    expect(await screen.findByText('Off')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    expect(
      await screen.findByRole('img', { name: 'QR code to add Vela to your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByText(SECRET.replace(/(.{4})(?=.)/g, '$1 '))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();

    expect(screen.getByText('3. Enter your login password to confirm it is you')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Please enter the password')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/user/two_factor/enable')).toBe(false);
    await user.type(screen.getByLabelText('Login password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(screen.getByLabelText('Login password')).toHaveValue('');
    await user.type(screen.getByLabelText('Login password'), 'correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The verification code is not correct')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByText('Your recovery codes')).toBeInTheDocument();
    for (const code of CODES) expect(screen.getByText(code)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByText('abcde-fghij')).toBeNull());
    expect(screen.queryByTestId('two-factor-secret')).toBeNull();
    expect(await screen.findByText('Recovery codes left: 10')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/user/two_factor/enable').map((c) => c.body)).toEqual([
      { code: '000000', password: 'wrong-password' },
      { code: '000000', password: 'correct-horse-1' },
      { code: '123456', password: 'correct-horse-1' },
    ]);
  });

  it('the setup asks the login password in Vietnamese and Traditional Chinese', async () => {
    mockApi({
      '/common/config': CONFIG_REPLY,
      '/user/two_factor/status': ok<TwoFactorStatus>(OFF),
      '/user/two_factor/setup': ok<TwoFactorSetup>({
        secret: SECRET,
        otpauthUri: `otpauth://totp/Vela:a?secret=${SECRET}`,
      }),
    });
    const user = userEvent.setup();
    for (const [lang, start, step, label] of [
      ['vn', 'Thiết lập', '3. Nhập mật khẩu đăng nhập để xác nhận đó là bạn', 'Mật khẩu đăng nhập'],
      ['zn', '開始設定', '3. 輸入登入密碼以確認是您本人', '登入密碼'],
    ] as const) {
      await act(() => changeLang(lang));
      const { unmount } = renderScreen(<TwoFactorPage />, { path: '/twofactor' });
      await user.click(await screen.findByRole('button', { name: start }));
      expect(await screen.findByText(step)).toBeInTheDocument();
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'password');
      unmount();
    }
  });

  it('when on, turning off asks the login password and a code (in Traditional Chinese)', async () => {
    let status = ON;
    const { calls } = mockApi({
      '/common/config': CONFIG_REPLY,
      '/user/two_factor/status': () => ok<TwoFactorStatus>(status),
      '/user/two_factor/disable': () => {
        status = OFF;
        return ok<null>(null);
      },
    });
    await act(() => changeLang('zn'));
    renderScreen(<TwoFactorPage />, { path: '/twofactor' });
    expect(await screen.findByText('剩餘備用碼：10')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '關閉兩步驗證' }));
    expect(await screen.findByText('請輸入密碼')).toBeInTheDocument();
    await user.type(screen.getByLabelText('登入密碼'), 'my-password-1');
    const codeFields = screen.getAllByLabelText('驗證碼或備用碼');
    await user.type(codeFields[1]!, 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: '關閉兩步驗證' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/user/two_factor/disable')?.body).toEqual({
        code: 'abcde-fghij',
        password: 'my-password-1',
      }),
    );
    expect(await screen.findByText('未開啟')).toBeInTheDocument();
  });
});
