import { HelpArticlesScreen } from '../../features/help-articles/components/help-articles-screen';
import { RequirePermission } from '../require-permission';

export function HelpArticlesRoute() {
  return (
    <RequirePermission permission="content.manage">
      <HelpArticlesScreen />
    </RequirePermission>
  );
}
