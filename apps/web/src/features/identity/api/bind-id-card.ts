import type { BindIdCardFields, IdCardStatus } from '@app/contract/kyc';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';
import { ID_CARD_QUERY_KEY } from './get-id-card';

export interface BindIdCardInput extends BindIdCardFields {
  front: File;
  back: File;
}

/** Multipart: the two text fields and the two images as `front` and `back`. */
export function bindIdCard({ realName, idNumber, front, back }: BindIdCardInput): Promise<IdCardStatus> {
  const form = new FormData();
  form.set('realName', realName);
  form.set('idNumber', idNumber);
  form.set('front', front);
  form.set('back', back);
  return apiPost<IdCardStatus>('/user/bind_idcard', form);
}

export function useBindIdCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindIdCard,
    onSuccess: (status) => {
      queryClient.setQueryData(ID_CARD_QUERY_KEY, status);
      // kycStatus turns pending.
      return queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY });
    },
  });
}
