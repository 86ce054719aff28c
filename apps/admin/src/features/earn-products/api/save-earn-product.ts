import type { AdminWealthProduct, CreateWealthProductRequest, UpdateWealthProductRequest } from '@app/contract/wealth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { EARN_PRODUCTS_QUERY_KEY } from './get-earn-products';

export type SaveEarnProductInput =
  | { id: null; product: CreateWealthProductRequest }
  | { id: string; product: UpdateWealthProductRequest };

/** Creates a product (no id) or changes one. */
export function saveEarnProduct(input: SaveEarnProductInput): Promise<AdminWealthProduct> {
  return input.id === null
    ? apiClient.post<AdminWealthProduct>('/wealth/products', input.product)
    : apiClient.patch<AdminWealthProduct>(`/wealth/products/${encodeURIComponent(input.id)}`, input.product);
}

export function useSaveEarnProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEarnProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EARN_PRODUCTS_QUERY_KEY }),
  });
}
