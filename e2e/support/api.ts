import { readFileSync } from 'node:fs';
import type { SaveBankRequest } from '../../packages/contract/src/wallet.js';
import { fromRoot, newAccount } from './browser.js';
import { baseUrl, E2E_OWNER } from './server.js';

/** Direct API calls for test set-up (never for the steps a journey is about). */
export async function api<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'accept-language': 'en',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

export async function ownerToken(): Promise<string> {
  const data = await api<{ token: string }>('POST', '/api/admin/auth/login', E2E_OWNER);
  return data.token;
}

/** A back-office operator with a role, for journeys that need one; answers the credentials. */
export async function createOperator(role: string) {
  const owner = await ownerToken();
  const username = `${role}${Date.now() % 1e6}`;
  const password = 'e2e-operator-pass-1';
  await api('POST', '/api/admin/admins', { username, password, role }, owner);
  return { username, password };
}

/** Issue 14: the platform's cooldown of newly bound cards and addresses, set as finance would. */
export async function setWithdrawCooldownHours(hours: number): Promise<void> {
  const owner = await ownerToken();
  const settings = await api<{ wallet: Record<string, unknown> }>('GET', '/api/admin/settings', undefined, owner);
  await api('PUT', '/api/admin/settings/wallet', { ...settings.wallet, withdrawCooldownHours: hours }, owner);
}

/** A confirmed deposit: the user asks for it by bank transfer and the owner confirms it. */
export async function fund(token: string, amount: string): Promise<void> {
  const deposit = await api<{ id: string }>('POST', '/api/wallet/submit', { method: 'bank', amount }, token);
  await api('POST', `/api/admin/deposits/${deposit.id}/confirm`, {}, await ownerToken());
}

export type Balances = {
  available: string;
  trading: string;
  frozen: string;
  earnFlexible: string;
  earnLocked: string;
};
export const balances = (token: string) => api<Balances>('POST', '/api/user/balance_list', {}, token);

/** Submits identity documents and has the owner approve them, through the API. */
export async function verifyIdentity(token: string, owner: string, username: string) {
  const form = new FormData();
  form.append('realName', 'Test User');
  form.append('idNumber', 'B7654321');
  for (const side of ['front', 'back'] as const) {
    form.append(
      side,
      new Blob([readFileSync(fromRoot('e2e', 'fixtures', `id-${side}.png`))], { type: 'image/png' }),
      `${side}.png`,
    );
  }
  const submitted = await fetch(`${baseUrl()}/api/user/bind_idcard`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if ((await submitted.json()).code !== 0) throw new Error('KYC submission failed');
  const queue = await api<{ list: Array<{ id: string; username: string }> }>(
    'GET',
    '/api/admin/kyc?status=pending&pageSize=100',
    undefined,
    owner,
  );
  const mine = queue.list.find((item) => item.username === username);
  if (!mine) throw new Error('KYC submission not in the queue');
  await api('POST', `/api/admin/kyc/${mine.id}/approve`, {}, owner);
}

/** Binds a bank card through the API: a Vietcombank card in Hanoi unless `card` says otherwise. */
export async function bindCard(token: string, payPassword: string, card: Partial<SaveBankRequest> = {}) {
  await api(
    'POST',
    '/api/user/save_bank',
    {
      bankName: 'Vietcombank',
      holderName: 'Nguyen Van A',
      cardNumber: '9704366112345678',
      branch: 'Hoan Kiem',
      city: 'Hanoi',
      province: 'Hanoi',
      ...card,
      payPassword,
    },
    token,
  );
}

/** A new user who can move money: identity verified, a payment password, a bound card, 500 USDT. */
export async function moneyUser(prefix: string, payPassword: string) {
  const account = newAccount(prefix);
  const { token } = await api<{ token: string }>('POST', '/api/user/register', account);
  await api('POST', '/api/user/reset_paypwd', { password: account.password, newPayPassword: payPassword }, token);
  await verifyIdentity(token, await ownerToken(), account.username);
  await bindCard(token, payPassword);
  await fund(token, '500');
  return { ...account, token };
}
