import { Alert, Button } from 'antd';
import { STRINGS } from '../config/strings';

/** A failed load, with the server's message and a way to try again. */
export function QueryError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={STRINGS.errors.loadFailed}
      description={error.message}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            {STRINGS.errors.retry}
          </Button>
        )
      }
    />
  );
}
