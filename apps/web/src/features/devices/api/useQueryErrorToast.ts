import { useEffect } from 'react';
import { useDeviceErrorToast } from './deviceErrors';

/** Toasts a query's failure once per failure (spec section 8: a caption and the server's text). */
export function useQueryErrorToast(error: Error | null, caption: string): void {
  const toastError = useDeviceErrorToast();
  useEffect(() => {
    if (error !== null) toastError(caption, error);
    // Only a new failure toasts again (the caption is rebuilt on every render).
  }, [error, toastError]);
}
