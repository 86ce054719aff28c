import type { en } from './en';
import type { enScreens } from './en-screens';
import type { enStart } from './en-start';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Every language has exactly the keys of English (the test also checks none is empty). */
export type Messages = Widen<typeof en>;
/** The texts of the first screens (the chunk /login loads). */
export type StartMessages = Widen<typeof enStart>;
/** The texts of every other screen. */
export type ScreenMessages = Widen<typeof enScreens>;
/** The watchlist's and price alerts' texts (issue 15), kept in files of their own. */
export type PriceAlertMessages = Widen<typeof import('./en-price-alerts').enPriceAlerts>;
