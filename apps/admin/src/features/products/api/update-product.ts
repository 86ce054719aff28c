import type { AdminProduct, UpdateProductRequest } from '@app/contract/admin-markets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { PRODUCTS_QUERY_KEY } from './get-products';

export function updateProduct(input: { symbol: string; changes: UpdateProductRequest }): Promise<AdminProduct> {
  return apiClient.patch<AdminProduct>(`/products/${encodeURIComponent(input.symbol)}`, input.changes);
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY }),
  });
}
