import type { LiabilityList, LiabilityProof, LiabilitySummary } from '@app/contract/fair-liabilities';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { fail, mockApi, ok, renderScreen } from '../../../test/render';
import LiabilitiesPage from './liabilities-page';

/**
 * A genuine proof: the leaf at position 3 of the five-leaf tree whose vectors were computed with
 * Python (packages/contract/src/fair-liabilities.test.ts). The checks run with the real SHA-256.
 */
const PROOF: LiabilityProof = {
  day: '2030-01-15',
  leaf: {
    leafId: 'e736ee311742cf5db441f53659a76ee42e145cf555248cb4961263c2e01b69b2',
    balanceMinor: '1000000000000',
    hash: '61e19c614bea972ea4f9b05793759a0871662759a4d22a2b2242cb0bc2e8724d',
  },
  path: [
    { side: 'left', hash: 'e6487f2eb7570079e1ef845dbf3538e6364cb97bd383299edb085d88a57a116a', sum: '7' },
    { side: 'left', hash: 'b2a9e1454f15ae7b4d3ed7a9cfe344014eb4dd96eeacc137cde091eca6772a4a', sum: '250' },
    { side: 'right', hash: '99fd9a619cbd6cb4c17343404c55e90b502bb761695da930bf3a8423b600c378', sum: '1500000' },
  ],
  root: { hash: 'df696dbe51256eaa0c5f81cab9589daf1098e54d2246302a35208e98681fe05b', sum: '1000001500257', leaves: 5 },
};

const DAY: LiabilitySummary = {
  day: '2030-01-15',
  root: PROOF.root.hash,
  total: PROOF.root.sum,
  leaves: 5,
  ledgerTotal: PROOF.root.sum,
  currency: 'USDT',
  snapshotAt: '2030-01-15T00:00:01.000Z',
};

function api(proof: LiabilityProof, days: LiabilitySummary[] = [DAY]) {
  return mockApi({
    '/fair/liability_proof': ok<LiabilityProof>(proof),
    '/fair/liabilities?limit=100': ok<LiabilityList>({ list: days }),
  });
}

const stateOf = (name: string) => screen.getByTestId(`check-${name}`).className.replace(/.*liabilities-check--/, '');
const CHECKS = ['shape', 'leaf_hash', 'path_fits_tree', 'root_hash', 'root_sum', 'published_root'];

describe('proof of liabilities', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLang('en');
  });

  it('a genuine proof: every check ticked, the balance and the totals shown', async () => {
    api(PROOF);
    renderScreen(<LiabilitiesPage />, { path: '/liabilities' });
    expect(
      await screen.findByText('All checks passed: your balance is counted in the total we published.'),
    ).toBeVisible();
    expect(CHECKS.map(stateOf)).toEqual(CHECKS.map(() => 'ok'));
    expect(
      within(screen.getByTestId('check-path_fits_tree')).getByText(
        'Your path fits the number of users in the tree (5)',
      ),
    ).toBeVisible();
    expect(screen.getByTestId('liability-balance')).toHaveTextContent('1,000,000 USDT');
    // All users together, and the books at the same moment.
    expect(screen.getAllByText('1,000,001.500257 USDT', { selector: 'dd' })).toHaveLength(2);
    expect(screen.queryByText('(differs from the tree)')).toBeNull();
    expect(screen.getByText(PROOF.root.hash)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Snapshot 2030-01-15' })).toBeVisible();
  });

  it('a changed balance: crosses where it breaks, and no claim that the balance is counted', async () => {
    api({ ...PROOF, leaf: { ...PROOF.leaf, balanceMinor: '2000000000000' } });
    renderScreen(<LiabilitiesPage />, { path: '/liabilities' });
    expect(await screen.findByText(/A check failed: this proof does not hold/)).toBeVisible();
    expect(CHECKS.map(stateOf)).toEqual(['ok', 'failed', 'ok', 'failed', 'failed', 'ok']);
    expect(screen.queryByText(/All checks passed/)).toBeNull();
  });

  it('a changed sibling sum fails the root; a root other than the published one fails the last check', async () => {
    const changedSum = structuredClone(PROOF);
    changedSum.path[2]!.sum = '1500001';
    api(changedSum);
    const first = renderScreen(<LiabilitiesPage />, { path: '/liabilities' });
    await screen.findByText(/A check failed/);
    expect(CHECKS.map(stateOf)).toEqual(['ok', 'ok', 'ok', 'failed', 'failed', 'ok']);
    first.unmount();

    api(PROOF, [{ ...DAY, root: '00'.repeat(32) }]);
    renderScreen(<LiabilitiesPage />, { path: '/liabilities' });
    await screen.findByText(/A check failed/);
    expect(stateOf('published_root')).toBe('failed');
    expect(stateOf('root_hash')).toBe('ok');
  });

  it("a user who joined after the snapshot reads the server's reason", async () => {
    mockApi({
      '/fair/liability_proof': fail(404, 4952, 'Your account is not in this snapshot: it was opened after it.'),
      '/fair/liabilities?limit=100': ok<LiabilityList>({ list: [DAY] }),
    });
    renderScreen(<LiabilitiesPage />, { path: '/liabilities' });
    expect(await screen.findByRole('alert')).toHaveTextContent('it was opened after it');
    expect(screen.queryByTestId('check-shape')).toBeNull();
  });

  it('another day can be chosen', async () => {
    const { calls } = api(PROOF, [{ ...DAY, day: '2030-01-16' }, DAY]);
    renderScreen(<LiabilitiesPage />, { path: '/liabilities' });
    await screen.findByText(/All checks passed/);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '2030-01-15');
    await vi.waitFor(() => expect(calls.some((c) => (c.body as { day?: string })?.day === '2030-01-15')).toBe(true));
  });

  it('without WebCrypto (no https) it says so instead of ticking anything', async () => {
    api(PROOF);
    vi.stubGlobal('crypto', {});
    renderScreen(<LiabilitiesPage />, { path: '/liabilities' });
    expect(await screen.findByText(/cannot compute SHA-256 on this connection/)).toBeVisible();
    expect(screen.queryByText(/All checks passed/)).toBeNull();
  });

  it.each([
    ['vn', 'Bằng chứng nợ phải trả', 'Mọi kiểm tra đều đạt'],
    ['zn', '負債證明', '全部驗證通過'],
  ] as const)('in %s', async (lang, title, verdict) => {
    await act(() => changeLang(lang));
    api(PROOF);
    renderScreen(<LiabilitiesPage />, { path: '/liabilities' });
    expect(await screen.findByText(new RegExp(verdict))).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});
