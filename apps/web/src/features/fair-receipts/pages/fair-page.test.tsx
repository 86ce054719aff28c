import type { FairCheckpoint, FairKey } from '@app/contract/fair';
import type { FairEpoch } from '@app/contract/fair-epochs';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { mockApi, ok, renderScreen } from '../../../test/render';
import { makeReceipt, PUBLIC_KEY_PEM, streamedParts } from '../verify/receipt-fixture.test-support';
import { ed25519KeyHexOfPem } from '../verify/web-crypto';
import FairPage from './fair-page';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const hex = (digit: string, bytes = 32) => digit.repeat(bytes * 2);

function checkpoint(seq: number, timeMs: number): FairCheckpoint {
  return { seq, timeMs, heads: '', prevHash: hex('0'), hash: hex(String(seq)), signature: hex('e', 64) };
}

/** The public API as a server two and a half minutes old answers it: checkpoints 1–3 and a day of epochs. */
function publicApi() {
  const now = Date.now();
  const first = now - 150_000;
  const hourStart = now - (now % HOUR);
  const epochs: FairEpoch[] = [
    { startMs: hourStart - 2 * HOUR, commitment: hex('a'), seed: hex('1') },
    { startMs: hourStart - HOUR, commitment: hex('b'), seed: hex('2') },
    { startMs: hourStart, commitment: hex('c'), seed: null },
    { startMs: hourStart + HOUR, commitment: hex('d'), seed: null },
    { startMs: hourStart + 2 * HOUR, commitment: hex('f'), seed: null },
  ];
  return mockApi({
    '/fair/checkpoints?fromSeq=1&limit=1': ok<{ list: FairCheckpoint[] }>({ list: [checkpoint(1, first)] }),
    '/fair/checkpoints?fromSeq=1&limit=1000': ok<{ list: FairCheckpoint[] }>({
      list: [checkpoint(1, first), checkpoint(2, first + MINUTE), checkpoint(3, first + 2 * MINUTE)],
    }),
    '/fair/key': ok<FairKey>({ pem: PUBLIC_KEY_PEM, hex: ed25519KeyHexOfPem(PUBLIC_KEY_PEM)! }),
    '/fair/epochs': ok<{ list: FairEpoch[] }>({ list: epochs }),
  });
}

describe('provably fair (/fair)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLang('en'));
  });

  it('explains the scheme, shows the latest checkpoint, the upcoming commitments and the revealed seeds', async () => {
    publicApi();
    renderScreen(<FairPage />, { path: '/fair' });
    expect(screen.getByRole('heading', { level: 1, name: 'Provably fair' })).toBeVisible();
    for (const heading of [
      'Every price is chained',
      'Signed every minute',
      'Prices fixed before they happen',
      'A receipt for every order',
      'Proof of liabilities',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: heading })).toBeVisible();
    }
    expect(screen.getByRole('link', { name: 'Check your balance' })).toHaveAttribute('href', '/liabilities');

    const latest = screen.getByTestId('fair-checkpoint');
    expect(await within(latest).findByText('#3')).toBeVisible();
    expect(within(latest).getByText(hex('3'))).toBeVisible();
    expect(within(latest).getByText(hex('e', 64))).toBeVisible();
    expect(await within(latest).findByText(ed25519KeyHexOfPem(PUBLIC_KEY_PEM)!)).toBeVisible();

    const upcoming = screen.getByTestId('fair-upcoming');
    expect(await within(upcoming).findByText(hex('d'))).toBeVisible();
    expect(within(upcoming).getByText(hex('f'))).toBeVisible();
    // The epoch running now has started: not upcoming, and its seed is not out yet.
    expect(within(upcoming).queryByText(hex('c'))).toBeNull();
    const revealed = screen.getByTestId('fair-revealed');
    // Newest first.
    expect(
      within(revealed)
        .getAllByText(/^[12]+$/)
        .map((node) => node.textContent),
    ).toEqual([hex('2'), hex('1')]);
  });

  it('checks a pasted receipt with the same checks, and says when the text is no receipt', async () => {
    publicApi();
    renderScreen(<FairPage />, { path: '/fair' });
    const box = screen.getByRole('textbox', { name: 'Receipt (JSON)' });
    await userEvent.click(box);
    await userEvent.paste('not json');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a receipt file (not JSON).');

    await userEvent.clear(box);
    await userEvent.paste(JSON.stringify(makeReceipt(streamedParts())));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/Every check passed/)).toBeVisible();
    expect(screen.getByTestId('receipt-check-published_key')).toHaveClass('receipt-check--ok');
    expect(screen.getByTestId('receipt-outcome')).toHaveTextContent(
      'Exit 87,250.44 > entry 87,250.15: rise wins; payout 185 USDT',
    );

    const changed = makeReceipt(streamedParts());
    changed.ticks[5]!.priceE8 = '8725000000000';
    await userEvent.clear(box);
    await userEvent.paste(JSON.stringify(changed));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/A check failed/)).toBeVisible();
    expect(screen.getByTestId('receipt-check-chain')).toHaveClass('receipt-check--failed');
    expect(screen.queryByTestId('receipt-outcome')).toBeNull();
  });

  it.each([
    ['vn', 'Công bằng có thể kiểm chứng', 'Mọi mức giá được nối chuỗi', 'Checkpoint mới nhất', 'Seed đã công bố'],
    ['zn', '可驗證公平', '每個價格都串成鏈', '最新檢查點', '已公布的種子'],
  ] as const)('in %s', async (lang, title, chain, latest, revealed) => {
    await act(() => changeLang(lang));
    publicApi();
    renderScreen(<FairPage />, { path: '/fair' });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: chain })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: latest })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: revealed })).toBeVisible();
    expect(await screen.findByText('#3')).toBeVisible();
  });
});
