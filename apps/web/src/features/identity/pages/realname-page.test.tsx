import type { IdCardStatus } from '@app/contract/kyc';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as image from '../../../lib/image';
import { mockApi, ok, renderScreen } from '../../../test/render';
import RealnamePage from './realname-page';

vi.mock('../../../lib/image', async (importActual) => {
  const actual = await importActual<typeof import('../../../lib/image')>();
  return { ...actual, compressImage: vi.fn(actual.compressImage) };
});

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

  it('holds the submit while a photo is still processing, so a tap then neither sends nor flags a missing photo', async () => {
    const { calls } = mockApi({
      '/user/idcard': ok<IdCardStatus>(REJECTED),
      '/user/bind_idcard': ok<IdCardStatus>({ ...REJECTED, status: 'pending', rejectReason: null, reviewedAt: null }),
    });
    let finish: (file: File) => void = () => {};
    vi.mocked(image.compressImage).mockImplementationOnce(
      (file) => new Promise<File>((resolve) => (finish = () => resolve(file))),
    );
    renderScreen(<RealnamePage />, { path: '/realname' });
    await screen.findByText('Verification failed');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Real name'), 'Alice Wang');
    await user.type(screen.getByLabelText('ID card number'), 'A123456789');
    await user.upload(screen.getByLabelText('Back of the ID card'), photo('back.jpg'));
    await user.upload(screen.getByLabelText('Front of the ID card'), photo('front.jpg'));

    const submit = screen.getByRole('button', { name: 'Submit for review' });
    expect(await screen.findByText('Preparing…')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.click(submit);
    expect(screen.queryByText('Please upload the front of the ID card')).not.toBeInTheDocument();
    expect(calls.some((item) => item.path === '/user/bind_idcard')).toBe(false);

    finish(photo('front.jpg'));
    expect(await screen.findByRole('img', { name: 'Front of the ID card' })).toBeInTheDocument();
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText('Under review')).toBeInTheDocument();
  });

  it('shows an approved identity without the form', async () => {
    mockApi({ '/user/idcard': ok<IdCardStatus>({ ...REJECTED, status: 'approved', rejectReason: null }) });
    renderScreen(<RealnamePage />, { path: '/realname' });
    expect(await screen.findByText('Your identity is verified.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
  });
});
