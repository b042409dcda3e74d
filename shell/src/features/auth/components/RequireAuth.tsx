import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { authAtom } from '@taquilla/shared';
import { Backdrop } from '../../../components/feedback/Backdrop';

/** Guards perfil/*: waits out the session check, then lets the buyer in or sends them to login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAtomValue(authAtom);
  const location = useLocation();
  if (status === 'checking') return <Backdrop label="Verificando tu sesión…" />;
  if (status !== 'authenticated') return <Navigate to="/auth/login" replace state={{ from: location }} />;
  return <>{children}</>;
}
