import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
}

export function setupTotp(): Promise<TotpSetup> {
  return apiClient.post<TotpSetup>('/auth/totp/setup', {});
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
