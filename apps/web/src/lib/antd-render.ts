import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type HostElement = (Element | DocumentFragment) & { _reactRoot?: Root };

let isInstalled = false;
// Roots of toasts and dialogs not yet unmounted. A closing one animates, then unmounts; one closed
// before its opening animation began stays mounted, empty, for good (antd-mobile never calls its
// afterClose) and has no work left.
const mountedContainers = new Set<HostElement>();
let pendingUnmounts = 0;

/** Whether no toast or dialog is on screen or closing: React has no work left for any of them. */
export function areToastsAndDialogsSettled(): boolean {
  return pendingUnmounts === 0 && [...mountedContainers].every((container) => !container.hasChildNodes());
}

/**
 * Unmounts every toast and dialog root now, whatever its animation (a test file's end): antd-mobile
 * never unmounts a dialog closed before its opening animation ran, so waiting for it could wait for ever.
 */
export function unmountToastsAndDialogs(): void {
  for (const container of mountedContainers) {
    container._reactRoot?.unmount();
    container._reactRoot = undefined;
  }
  mountedContainers.clear();
}

/**
 * antd-mobile 5 mounts Toast/Dialog/Modal with React's legacy render; on React 19 it needs this
 * hook, else those render nothing in the production build (https://mobile.ant.design/guide/v5-for-19).
 * main.tsx installs it at start-up; the modules that open a Toast or Dialog call it too, so the
 * order in which chunks arrive never matters. Idempotent.
 */
export function setupAntdRender(): void {
  if (isInstalled) return;
  isInstalled = true;
  unstableSetRender((node, container: HostElement) => {
    container._reactRoot ??= createRoot(container);
    const root = container._reactRoot;
    mountedContainers.add(container);
    root.render(node);
    return async () => {
      pendingUnmounts += 1;
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Unmounted already when a test file ended (unmountToastsAndDialogs): nothing left to do.
      if (container._reactRoot === root) {
        root.unmount();
        mountedContainers.delete(container);
        container._reactRoot = undefined;
      }
      pendingUnmounts -= 1;
    };
  });
}
