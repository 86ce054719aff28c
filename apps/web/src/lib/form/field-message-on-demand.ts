import { useTranslation } from '../i18n';

// The contract's field messages are every message in three languages (~4 KB brotli). /login, the
// first screen a visitor sees, shows at most four of them, and only after a check of the form: they
// load when the form is first focused (preloadFieldMessages) and a check waits for them
// (loadFieldMessages) before it shows an error. The other forms use field-message.ts directly.
type FieldMessageModule = typeof import('./field-message');

let loaded: FieldMessageModule | undefined;
let loading: Promise<FieldMessageModule> | undefined;

/** Resolves once the messages are there; a failed load (the network) is tried again next time. */
export function loadFieldMessages(): Promise<FieldMessageModule> {
  loading ??= import('./field-message').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function preloadFieldMessages(): void {
  loadFieldMessages().catch(() => {});
}

/**
 * useFieldMessage, once the messages are loaded: a message key becomes its text in the current
 * language, the server's text (already localised) passes through.
 */
export function useFieldMessageOnDemand(): (message: string | undefined) => string | undefined {
  useTranslation(); // re-render on language change
  return (message) => (loaded ? loaded.translateFieldMessage(message) : message);
}
