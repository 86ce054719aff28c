import type { OrderAccount } from '@app/contract/markets';
import type { PracticeBalance } from '@app/contract/practice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiPost } from './api/client';
import { userDetailsQueryOptions } from './api/get-user-details';
import { useIsSignedIn } from './session';

/*
 * Which balance the trading screens use (issue 14): the real one or the practice one. The choice is
 * remembered on the device under a key of our own (not one of the spec's); until the user chooses, a
 * user who never had a deposit confirmed is in practice (the profile's `hasDeposited`: money that came
 * otherwise, a cashback or an adjustment, does not make a depositor, and spending all of it does not
 * unmake one).
 */
export const TRADING_ACCOUNT_STORAGE_KEY = 'vela.tradingAccount';

const listeners = new Set<() => void>();
/** The choice when storage refuses it (private mode): it lasts until the page is left. */
let memory: OrderAccount | null = null;

function readStored(): OrderAccount | null {
  try {
    const value = window.localStorage.getItem(TRADING_ACCOUNT_STORAGE_KEY);
    return value === 'real' || value === 'practice' ? value : null;
  } catch {
    return null;
  }
}

export function setTradingAccount(account: OrderAccount): void {
  try {
    window.localStorage.setItem(TRADING_ACCOUNT_STORAGE_KEY, account);
  } catch {
    memory = account;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TRADING_ACCOUNT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = () => readStored() ?? memory;

/**
 * The account the trading screens place and list orders with. Signed out: real (nothing to trade
 * with either way). Signed in without a choice: practice while the user never had a deposit; real
 * until the profile says so.
 */
export function useTradingAccount(): OrderAccount {
  const stored = useSyncExternalStore(subscribe, snapshot, () => null);
  const isSignedIn = useIsSignedIn();
  // The profile every screen shares (one query key): asked only while the choice is not made.
  const details = useQuery({ ...userDetailsQueryOptions(), enabled: isSignedIn && stored === null });
  if (!isSignedIn) return 'real';
  if (stored) return stored;
  return details.data && !details.data.hasDeposited ? 'practice' : 'real';
}

/** `{ account: 'practice' }` for a practice request, nothing for a real one (the spec's body, unchanged). */
export function accountField(account: OrderAccount): { account?: 'practice' } {
  return account === 'practice' ? { account: 'practice' } : {};
}

export const PRACTICE_BALANCE_QUERY_KEY = ['practice', 'balance'] as const;

export function getPracticeBalance(signal?: AbortSignal): Promise<PracticeBalance> {
  return apiPost<PracticeBalance>('/practice/balance', {}, { signal });
}

export function practiceBalanceQueryOptions() {
  return queryOptions({ queryKey: PRACTICE_BALANCE_QUERY_KEY, queryFn: ({ signal }) => getPracticeBalance(signal) });
}

/** The practice balance (given at first use by the server), fetched only when `enabled`. */
export function usePracticeBalance(enabled = true) {
  return useQuery({ ...practiceBalanceQueryOptions(), enabled });
}
