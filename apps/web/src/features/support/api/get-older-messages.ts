import type { SupportMessagesPage } from '@app/contract/support';
import { apiPost } from '../../../lib/api/client';
import { supportHeaders } from '../visitor';

export const OLDER_PAGE_SIZE = 30;

export function getOlderMessages(beforeId: string): Promise<SupportMessagesPage> {
  return apiPost<SupportMessagesPage>(
    '/support/messages',
    { beforeId, limit: OLDER_PAGE_SIZE },
    { headers: supportHeaders() },
  );
}
