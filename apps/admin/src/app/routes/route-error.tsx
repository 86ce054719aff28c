import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { STRINGS } from '../../config/strings';

/** A render error or a page chunk that failed to load (for example after a deploy). */
export function RouteError() {
  const error = useRouteError();
  return (
    <Result
      status="error"
      title={STRINGS.errors.crashed}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={<Button onClick={() => window.location.reload()}>{STRINGS.errors.reload}</Button>}
    />
  );
}
