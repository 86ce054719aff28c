import { enScreens } from './en-screens';
import { enStart } from './en-start';

/** English UI texts, whole (the app loads them in two parts: en-start.ts and en-screens.ts). */
export const en = { ...enStart, ...enScreens };
