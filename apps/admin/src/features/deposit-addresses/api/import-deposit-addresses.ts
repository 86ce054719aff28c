import type { importAddressesResponseSchema } from '@app/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { DEPOSIT_ADDRESSES_QUERY_KEY } from './get-deposit-addresses';

export type ImportAddressesResult = z.infer<typeof importAddressesResponseSchema>;

export function importDepositAddresses(input: { addresses: string }): Promise<ImportAddressesResult> {
  return apiClient.post<ImportAddressesResult>('/deposit-addresses/import', input);
}

export function useImportDepositAddresses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDepositAddresses,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEPOSIT_ADDRESSES_QUERY_KEY }),
  });
}
