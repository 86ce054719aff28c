import type { Envelope, PublicConfig, ValidationErrorData } from '@app/contract/common';
import type { BalanceList } from '@app/contract/ledger';
import type { UserProfile } from '@app/contract/users';
import type { WalletRules } from '@app/contract/wallet-rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders one screen at `path` inside the app's providers; any other path shows where we went. */
export function renderScreen(element: ReactElement, { path = '/', url = path }: { path?: string; url?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

export interface ApiCall {
  path: string;
  body: unknown;
  headers: Headers;
}

declare const TYPED_REPLY: unique symbol;

/**
 * What a mocked API path answers. Only ok(), fail() and image() make one, so no answer is an untyped
 * object literal: ok<T>() checks its data against the contract type T of the call it stands for.
 */
export interface Reply {
  status: number;
  body: unknown;
  readonly [TYPED_REPLY]: true;
}

const reply = (status: number, body: unknown) => ({ status, body }) as Reply;

/**
 * A success envelope; name the contract type of the answer, `ok<UserProfile>(USER_PROFILE)`: a missing
 * or wrong field is a type error. The type is never inferred from the data (`ok(data)` does not compile).
 */
export const ok = <T = never>(data: NoInfer<T>): Reply =>
  reply(200, { code: 0, msg: 'Success', data } satisfies Envelope<T>);

/** An error envelope, as the server sends it: `data` is null, or the per-field messages of a 400/422. */
export const fail = (status: number, code: number, msg: string, data: ValidationErrorData | null = null): Reply =>
  reply(status, { code, msg, data } satisfies Envelope<ValidationErrorData | null>);

/** Bytes instead of an envelope (a private image); sent as JSON text, which the screen only shows. */
export const image = (bytes: string): Reply => reply(200, bytes);

/** JSON bodies are parsed; multipart ones become an object of their entries (files stay File). */
function readBody(body: RequestInit['body']): unknown {
  if (!body) return undefined;
  if (body instanceof FormData) return Object.fromEntries(body.entries());
  return JSON.parse(String(body));
}

/** Stubs fetch (the boundary of the app): each API path answers with its reply; calls are recorded. */
export function mockApi(replies: Record<string, Reply | ((body: unknown) => Reply)>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api/, '');
    const body = readBody(init?.body);
    calls.push({ path, body, headers: new Headers(init?.headers) });
    const answer = replies[path];
    const { status, body: responseBody } =
      typeof answer === 'function' ? answer(body) : (answer ?? fail(404, 1302, 'No such API'));
    return new Response(JSON.stringify(responseBody), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const WALLET_RULES = {
  depositMinAmount: '10',
  withdrawMinAmount: '20',
  withdrawFeeFixed: '1',
  withdrawFeeRateBp: 100,
  withdrawDailyCountMax: 3,
  withdrawKycRequired: true,
  withdrawSecondApprovalFrom: '10000',
  bankAccounts: [
    {
      id: 'main',
      bankName: 'Example Bank',
      holderName: 'Vela Ltd',
      cardNumber: '6222000011112222',
      branch: 'Central',
      currency: '',
      rate: '',
    },
  ],
  trc20ExplorerTxUrl: 'https://tronscan.org/#/transaction/{hash}',
  withdrawCooldownHours: 24,
} satisfies WalletRules;

export const CONFIG_REPLY = ok<PublicConfig>({
  web_name: 'Vela',
  languages: ['en', 'vn', 'zn'],
  defaultLang: 'zn',
  inviteRequired: false,
  supportHours: '09:00-21:00',
  marketSource: 'simulated',
  currency: 'USDT',
  platformTimeZone: 'UTC',
  wallet: WALLET_RULES,
});

export const BALANCES = {
  currency: 'USDT',
  available: '1000',
  frozen: '0',
  trading: '0',
  earnLocked: '0',
  earnFlexible: '0',
  total: '1000',
} satisfies BalanceList;

export const USER_PROFILE = {
  id: '1',
  username: 'alice01',
  phone: '138****5678',
  inviteCode: 'AB12CD34',
  inviteLink: 'http://localhost/reg?code=AB12CD34',
  registeredAt: '2025-03-02T10:00:00Z',
  level: 1,
  kycStatus: 'approved',
  hasPayPassword: true,
  hasBankCard: true,
  hasWallet: false,
  mustChangePassword: false,
  twoFactorEnabled: false,
  hasDeposited: true,
  balances: BALANCES,
} satisfies UserProfile;
