import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { GatewayOfflineError, HttpError } from '../../../api/errors';
import { useServices } from '../../../app/ServicesContext';
import { failureText } from '../../../ui/describeFailure';

/** The device's (or server's) own text for a failed call, else a translated description of the failure. */
export function useFailureText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback((error: unknown) => failureText(error, t, i18n), [t, i18n]);
}

/**
 * Shows a failed device call as an error toast: the caption names what failed, the description is the device's
 * `error` text (spec section 8). An offline gateway was already reported when the call was refused.
 */
export function useDeviceErrorToast(): (caption: string, error: unknown, key?: string) => void {
  const { toaster, log } = useServices();
  const failureText = useFailureText();
  return useCallback(
    (caption: string, error: unknown, key?: string) => {
      if (error instanceof GatewayOfflineError) return;
      log.warn(caption, error);
      toaster.error({ caption, description: failureText(error), key });
    },
    [toaster, log, failureText],
  );
}

/**
 * A restart, wipe or import that got no answer in time: the device is rebooting (spec section 8, a warning).
 * Either the console's own timeout fired or the gateway reported the device's silence (504).
 */
export function isRebootTimeout(error: unknown): boolean {
  return error instanceof HttpError && (error.failure.kind === 'timeout' || error.status === 504);
}
