import { AppOutline, HistogramOutline, MessageOutline, PayCircleOutline, UserOutline } from 'antd-mobile-icons';
import type { ComponentType } from 'react';

export type TabLabelKey = 'nav.home' | 'nav.quotes' | 'nav.products' | 'nav.support' | 'nav.mine';

/**
 * The five tab screens (spec section 2), in the bar's order. Shared by the bar (tab-layout.tsx) and
 * the home screen's outline in index.html (first-screen-outline.ts), which draws the same icons.
 */
export const TABS: readonly { to: string; labelKey: TabLabelKey; Icon: ComponentType }[] = [
  { to: '/', labelKey: 'nav.home', Icon: AppOutline },
  { to: '/hq', labelKey: 'nav.quotes', Icon: HistogramOutline },
  { to: '/lc', labelKey: 'nav.products', Icon: PayCircleOutline },
  { to: '/kf', labelKey: 'nav.support', Icon: MessageOutline },
  { to: '/my', labelKey: 'nav.mine', Icon: UserOutline },
];
