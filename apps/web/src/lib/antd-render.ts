import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type HostElement = (Element | DocumentFragment) & { _reactRoot?: Root };

/**
 * antd-mobile 5 mounts Toast/Dialog/Modal with React's legacy render; on React 19 it needs this
 * hook, else those render nothing in the production build (https://mobile.ant.design/guide/v5-for-19).
 */
export function setupAntdRender(): void {
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
