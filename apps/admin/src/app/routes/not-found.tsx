import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { STRINGS } from '../../config/strings';

export function NotFoundRoute() {
  return (
    <Result
      status="404"
      title={STRINGS.errors.notFoundTitle}
      subTitle={STRINGS.errors.notFound}
      extra={
        <Link to="/">
          <Button type="primary">{STRINGS.appName}</Button>
        </Link>
      }
    />
  );
}
