import type { AdminSupportConversationDetail, SupportInboxEvent } from '@app/contract/support';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { addMessage, conversationKey } from '../api/get-conversation';
import { SUPPORT_LIST_KEY } from '../api/get-conversations';
import { UNREAD_KEY } from '../api/get-unread';
import { supportSocket } from '../support-socket';

/**
 * Keeps the support caches live: the unread total, the open conversation's messages and the inbox
 * rows. Answers whether the socket is signed in (the screen says when it is not).
 */
export function useSupportLive(enabled = true, onEvent?: (event: SupportInboxEvent) => void): boolean {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    const socket = supportSocket();
    const stopStatus = socket.onStatus(setIsLive);
    const stop = socket.listen((event) => {
      queryClient.setQueryData(UNREAD_KEY, { unreadTotal: event.unreadTotal });
      // The open conversation's header and counts follow too, so a message arriving there is read.
      queryClient.setQueryData<AdminSupportConversationDetail>(conversationKey(event.conversation.id), (current) =>
        current ? { ...current, conversation: event.conversation } : current,
      );
      if (event.message) addMessage(queryClient, event.message);
      void queryClient.invalidateQueries({ queryKey: SUPPORT_LIST_KEY });
      latest.current?.(event);
    });
    return () => {
      stop();
      stopStatus();
    };
  }, [enabled, queryClient]);
  return isLive;
}
