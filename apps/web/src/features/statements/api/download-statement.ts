import type { StatementRequest } from '@app/contract/statements';
import { useMutation } from '@tanstack/react-query';
import { type ApiFile, apiDownload } from '../../../lib/api/client';

/** The user's statement as a file (`user/statement`); errors are the API's, localised. */
export function downloadStatement(request: StatementRequest): Promise<ApiFile> {
  return apiDownload('/user/statement', request);
}

/** Hands a downloaded file to the browser's own save. */
export function saveFile({ blob, fileName }: ApiFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadStatement() {
  return useMutation({
    mutationFn: downloadStatement,
    onSuccess: saveFile,
  });
}
