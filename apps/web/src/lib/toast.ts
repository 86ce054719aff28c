import { Toast } from 'antd-mobile';
import { setupAntdRender } from './antd-render';

setupAntdRender();

export function showToast(icon: 'success' | 'fail', content: string): void {
  Toast.show({ icon, content });
}
