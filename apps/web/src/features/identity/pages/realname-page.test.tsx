import type { IdCardStatus } from '@app/contract/kyc';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderScreen } from '../../../test/render';
import RealnamePage from './realname-page';

const REJECTED = {
  status: 'rejected',
  realName: 'Alice Wang',
  idNumber: 'A1****89',
  rejectReason: 'The photo of the back is blurry',
  submittedAt: '2025-03-02T10:00:00Z',
  reviewedAt: '2025-03-02T12:00:00Z',
} satisfies IdCardStatus;

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });

describe('identity verification (/realname)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the denial reason and takes a new submission with both images', async () => {
    const { calls } = mockApi({
      '/user/idcard': ok<IdCardStatus>(REJECTED),
      '/user/bind_idcard': ok<IdCardStatus>({ ...REJECTED, status: 'pending', rejectReason: null, reviewedAt: null }),
    });
    renderScreen(<RealnamePage />, { path: '/realname' });
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
    expect(screen.getByText('Reason: The photo of the back is blurry')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Please enter your real name')).toBeInTheDocument();
    expect(screen.getByText('Please upload the front of the ID card')).toBeInTheDocument();
    expect(screen.getByText('Please upload the back of the ID card')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Real name'), 'Alice Wang');
    await user.type(screen.getByLabelText('ID card number'), 'A123456789');
    await user.upload(screen.getByLabelText('Front of the ID card'), photo('front.jpg'));
    await user.upload(screen.getByLabelText('Back of the ID card'), photo('back.jpg'));
    expect(await screen.findByRole('img', { name: 'Back of the ID card' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText('Submitted Success')).toBeInTheDocument();
    expect(await screen.findByText('Under review')).toBeInTheDocument();
    const call = calls.find((item) => item.path === '/user/bind_idcard');
    const body = call?.body as Record<string, unknown>;
    expect(body.realName).toBe('Alice Wang');
    expect(body.idNumber).toBe('A123456789');
    expect(body.front).toBeInstanceOf(File);
    expect((body.back as File).name).toBe('back.jpg');
    expect(call?.headers.has('Content-Type')).toBe(false);
  });

  it('shows an approved identity without the form', async () => {
    mockApi({ '/user/idcard': ok<IdCardStatus>({ ...REJECTED, status: 'approved', rejectReason: null }) });
    renderScreen(<RealnamePage />, { path: '/realname' });
    expect(await screen.findByText('Your identity is verified.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
  });
});
