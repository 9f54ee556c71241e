import { authEn } from '../../features/auth/messages';
import { deliveryEn } from '../../features/delivery/messages';
import { notificationsEn } from '../../features/notifications/messages';

// What the console shows before its routed screens (issue 21): the sign-in, the offline state, the loaders,
// toasts, the runtime error. Loaded at start-up; the rest of the catalog (../en.ts, which spreads this one)
// loads with the routed console, before anything renders with it (ConsoleCatalog in ../index.ts).
// start.test.ts checks that the start-up code names only keys from here.
export const startEn = {
  'doc.title': 'SmartThing',
  'runtime.missing':
    'This console was opened without its server configuration. Open it from a gateway or a cloud.',
  'error.access_denied': 'Access denied',
  'error.generic': 'Something went wrong',
  'error.timeout': 'The server did not answer in time',
  'error.network': 'The server cannot be reached',
  'error.status': 'The server answered with status {{status}}',
  'error.invalid': 'The server sent an answer this console does not understand',
  'common.cancel': 'Cancel',
  'common.confirm': 'Confirm',
  'common.close': 'Close',
  'common.loading': 'Loading…',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.refresh': 'Refresh',
  'common.confirm.title': 'Please confirm',
  login: 'Login',
  password: 'Password',
  'field.required': 'This field is required',
  ...authEn,
  ...deliveryEn,
  ...notificationsEn,
} as const;
