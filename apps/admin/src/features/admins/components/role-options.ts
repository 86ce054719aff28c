import { ADMIN_ROLES } from '@app/contract/admin';
import { STRINGS } from '../../../config/strings';

export const ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({ value: role, label: STRINGS.roles[role] }));
