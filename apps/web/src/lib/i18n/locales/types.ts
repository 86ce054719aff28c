import type { en } from './en';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Every language has exactly the keys of English (the test also checks none is empty). */
export type Messages = Widen<typeof en>;
