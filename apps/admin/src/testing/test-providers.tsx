import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * What every screen test renders inside. antd's styles are made but not put in the document
 * (cssinjs's "server" mode): with hundreds of style rules in it, every getComputedStyle jsdom runs
 * walks them all, and that made a screen test about a third slower. No test reads antd's styles.
 * No animations: jsdom never ends a CSS transition, so antd would wait for its fallback timers.
 */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider>
    </StyleProvider>
  );
}
