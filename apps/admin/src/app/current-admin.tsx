import type { AdminProfile } from '@app/contract/admin';
import { createContext, useContext } from 'react';
import { hasPermission, type Permission } from '../lib/permissions';

const CurrentAdminContext = createContext<AdminProfile | null>(null);

export const CurrentAdminProvider = CurrentAdminContext.Provider;

/** The signed-in admin; only used below RequireAuth, which provides it. */
export function useCurrentAdmin(): AdminProfile {
  const admin = useContext(CurrentAdminContext);
  if (!admin) throw new Error('useCurrentAdmin used outside RequireAuth');
  return admin;
}

export function useCan(permission: Permission): boolean {
  return hasPermission(useCurrentAdmin().role, permission);
}
