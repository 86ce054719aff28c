import { useEffect, useState } from 'react';
import { API_BASE } from '../../../lib/api/client';
import { getToken } from '../../../lib/storage';
import { supportHeaders } from '../visitor';

/** Chat images are private: fetched with the session (or visitor token) and shown from a blob URL. */
export async function fetchImage(name: string, signal?: AbortSignal): Promise<Blob> {
  const headers = new Headers(supportHeaders());
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`${API_BASE}/support/image/${encodeURIComponent(name)}`, { headers, signal });
  if (!response.ok) throw new Error(`image ${response.status}`);
  return response.blob();
}

export function useImageUrl(name: string): { url: string | null; isError: boolean } {
  const [state, setState] = useState<{ url: string | null; isError: boolean }>({ url: null, isError: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchImage(name, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ url, isError: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ url: null, isError: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [name]);
  return state;
}
