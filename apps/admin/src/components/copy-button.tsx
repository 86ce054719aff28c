import { CopyOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { STRINGS } from '../config/strings';

export function CopyButton({ text, label = STRINGS.common.copy }: { text: string; label?: string }) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      message.success(STRINGS.common.copied);
    } catch {
      message.error(STRINGS.common.copyFailed);
    }
  };
  return (
    <Button icon={<CopyOutlined />} onClick={copy}>
      {label}
    </Button>
  );
}
