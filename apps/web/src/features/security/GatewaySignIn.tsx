import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../ui/kit/feedback';
import { Center } from '../../ui/kit/layout';
import { useGatewayAuth } from './useGatewayAuth';

// Only a gateway with a password shows it, to a browser not signed in: not part of every first screen (issue 21).
const SignInForm = lazy(() => import('./GatewaySignInForm').then((m) => ({ default: m.SignInForm })));

/** Gateway mode: the console itself while no password is set or this browser is signed in; else the sign-in. */
export function GatewaySignInGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const auth = useGatewayAuth();
  const data = auth.state.data;
  const loading = (
    <Center mih="100dvh">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
  if (auth.state.isPending) return loading;
  if (data?.enabled === true && !data.signedIn) {
    return (
      <Suspense fallback={loading}>
        <SignInForm />
      </Suspense>
    );
  }
  return <>{children}</>;
}
