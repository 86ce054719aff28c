import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure, waitFor } from '@testing-library/react';
import { Dialog, Modal, Toast } from 'antd-mobile';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { areToastsAndDialogsSettled, setupAntdRender, unmountToastsAndDialogs } from '../lib/antd-render';
import { initI18n, loadScreenTexts } from '../lib/i18n';
import { applyStoredRiseColor } from '../lib/rise-colors';

setupAntdRender();

// findBy*/waitFor wait for a state; the limit is one only a failure reaches (the default 1 s is
// reached by a slow first render when both cores are busy).
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks it; antd-mobile's PasscodeInput scrolls itself into view on focus.
Element.prototype.scrollIntoView ??= () => {};

// jsdom lacks pointer capture; antd-mobile's Popup drag handle asks for it.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

// jsdom has no object URLs; image previews only need a string.
URL.createObjectURL ??= () => 'blob:preview';
URL.revokeObjectURL ??= () => {};

beforeAll(async () => {
  // Tests read English texts, whatever the app's default language is.
  await initI18n('en');
  await loadScreenTexts();
});

// A toast stays until the next one or the end of the test: on screen for its 2 s of the wall clock,
// a busy machine could let it go before the test read it.
Toast.config({ duration: 0 });

// antd-mobile keeps the toast on screen in module state, which the tests of a file share: a toast left
// by one test (or shown by its late promise) would take the next one's text. Dropped before and after.
beforeEach(() => {
  Toast.clear();
});

afterEach(() => {
  cleanup();
  Toast.clear();
  window.localStorage.clear();
  applyStoredRiseColor();
});

// A toast or dialog closes with an animation, then unmounts its root; React would run that work
// after the file's window is gone ("window is not defined" in no test at all). So the file ends with
// every toast and dialog root unmounted at once (a dialog closed before its opening animation ran is
// never unmounted by antd-mobile: waiting for it timed out), and no unmount still on its way.
afterAll(async () => {
  Toast.clear();
  Dialog.clear();
  Modal.clear();
  act(() => unmountToastsAndDialogs());
  await waitFor(() => expect(areToastsAndDialogsSettled()).toBe(true));
});
