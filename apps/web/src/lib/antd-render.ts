import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type HostElement = (Element | DocumentFragment) & { _reactRoot?: Root };

let isInstalled = false;

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
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      container._reactRoot = undefined;
    };
  });
}
