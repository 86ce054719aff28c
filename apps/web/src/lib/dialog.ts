import { Dialog } from 'antd-mobile';
import { setupAntdRender } from './antd-render';

setupAntdRender();

export function confirmAction(options: { content: string; confirmText: string; cancelText: string }): Promise<boolean> {
  return Dialog.confirm(options);
}
