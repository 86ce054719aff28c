import type { AdminProfile } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import type { AdminKycSubmission } from '@app/contract/kyc';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { findDialog } from '../testing/find-dialog';
import { adminProfile, kycSubmission, page } from '../testing/fixtures';
import { fail, image, mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const SUBMISSION = kycSubmission();
const REVIEWED = { reviewedAt: '2026-03-01T10:00:00.000Z', reviewedBy: '1' } satisfies Partial<AdminKycSubmission>;

function mockKycApi() {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('reviewer')),
    'GET /api/admin/kyc': () => ok<Page<AdminKycSubmission>>(page([SUBMISSION], 3)),
    'GET /api/admin/kyc/7': () => ok<AdminKycSubmission>(SUBMISSION),
    'GET /api/admin/kyc/7/images/front': () => image(),
    'GET /api/admin/kyc/7/images/back': () => fail(404, 1301, 'Image not found'),
    'POST /api/admin/kyc/7/reject': ({ body }) =>
      ok<AdminKycSubmission>({
        ...SUBMISSION,
        ...REVIEWED,
        status: 'rejected',
        rejectReason: (body as { reason: string }).reason,
      }),
    'POST /api/admin/kyc/7/approve': () => ok<AdminKycSubmission>({ ...SUBMISSION, ...REVIEWED, status: 'approved' }),
  });
}

describe('KYC queue', () => {
  test('lists pending submissions by default and shows the images with the session', async () => {
    const api = mockKycApi();
    const user = userEvent.setup();
    renderApp('/kyc');

    const row = (await screen.findByText('Alice Nguyen')).closest('tr')!;
    expect(within(row).getByText('B12345678')).toBeTruthy();
    expect(api.callsTo('GET', '/api/admin/kyc')[0]?.query.get('status')).toBe('pending');

    await user.click(within(row).getByRole('button', { name: 'Review' }));
    const drawer = await findDialog('KYC of alice01');
    const front = await within(drawer).findByAltText('Front of the ID');
    expect(front.getAttribute('src')).toMatch(/^blob:/);
    expect(api.callsTo('GET', '/api/admin/kyc/7/images/front')[0]?.headers.get('Authorization')).toBe('Bearer tok');
    // A missing image says so instead of breaking the review.
    expect(await within(drawer).findByText('Image not found')).toBeTruthy();
  });

  test('rejecting needs a reason, then posts it and refreshes the queue', async () => {
    const api = mockKycApi();
    const user = userEvent.setup();
    renderApp('/kyc?open=7');

    const drawer = await findDialog('KYC of alice01');
    await user.click(within(drawer).getByRole('button', { name: 'Reject' }));
    const modal = await findDialog('Reject the submission');

    await user.click(within(modal).getByRole('button', { name: 'Reject' }));
    expect(await within(modal).findByText('Please enter a reason')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/kyc/7/reject')).toHaveLength(0);

    const listCallsBefore = api.callsTo('GET', '/api/admin/kyc').length;
    await user.click(within(modal).getByLabelText('Reason'));
    await user.paste('Photo of the back is blurred');
    await user.click(within(modal).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/admin/kyc/7/reject')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/kyc/7/reject')[0]?.body).toEqual({ reason: 'Photo of the back is blurred' });
    expect(await screen.findByText('Submission rejected')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/kyc').length).toBeGreaterThan(listCallsBefore));
    expect(api.callsTo('POST', '/api/admin/kyc/7/approve')).toHaveLength(0);
  });
});
