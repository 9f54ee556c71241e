import { type CloudUser, SESSION } from '@st/protocol';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { currentUser } from './authApi';

export type Session =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: CloudUser };

interface SessionValue {
  session: Session;
  signedIn: (user: CloudUser) => void;
  signedOut: () => void;
}

const SessionContext = createContext<SessionValue | undefined>(undefined);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (value === undefined) throw new Error('useSession() outside <SessionProvider>');
  return value;
}

/**
 * Cloud mode: signs in silently from an existing cookie session, and runs the live channel exactly while
 * signed in (the logged-in and logged-out signals of the spec). Gateway mode has no login.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const services = useServices();
  const { mode } = services.config;
  const [session, setSession] = useState<Session>(
    mode === 'cloud' ? { status: 'checking' } : { status: 'signed-out' },
  );

  useEffect(() => {
    if (mode !== 'cloud') return;
    let cancelled = false;
    // No refresh token stored: nobody signed in on this browser, so no probe (its 401 is no error).
    const refreshToken = services.storage.getItem(SESSION.refreshTokenStorageKey);
    if (refreshToken === null || refreshToken === '') {
      setSession({ status: 'signed-out' });
      return services.sessionEnded.listen(() => setSession({ status: 'signed-out' }));
    }
    currentUser(services).then(
      (user) => !cancelled && setSession({ status: 'signed-in', user }),
      () => !cancelled && setSession({ status: 'signed-out' }),
    );
    const stopListening = services.sessionEnded.listen(() => setSession({ status: 'signed-out' }));
    return () => {
      cancelled = true;
      stopListening();
    };
  }, [mode, services]);

  // No live channel while a one-time password waits to be changed (the cloud refuses it then).
  const active = mode === 'gateway' || (session.status === 'signed-in' && !session.user.mustChangePassword);
  useEffect(() => {
    if (!active) return;
    services.live.start();
    // Signing out also drops every cached answer: the console (and its query cache) unmounts.
    return () => void services.live.stop();
  }, [active, services]);

  const value = useMemo<SessionValue>(
    () => ({
      session,
      signedIn: (user) => setSession({ status: 'signed-in', user }),
      signedOut: () => setSession({ status: 'signed-out' }),
    }),
    [session],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}
