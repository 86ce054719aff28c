import type { Messages } from './types';
import { vnScreens } from './vn-screens';
import { vnStart } from './vn-start';

/** Vietnamese UI texts, whole (the app loads them in two parts: vn-start.ts and vn-screens.ts). */
export const vn: Messages = { ...vnStart, ...vnScreens };
