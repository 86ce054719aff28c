import type { Messages } from './types';
import { znScreens } from './zn-screens';
import { znStart } from './zn-start';

/** Traditional Chinese UI texts, whole (the app loads them in two parts: zn-start.ts and zn-screens.ts). */
export const zn: Messages = { ...znStart, ...znScreens };
