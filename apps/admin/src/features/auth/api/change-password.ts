import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
}

export function changePassword(body: ChangePasswordInput): Promise<null> {
  return apiClient.post<null>('/auth/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
