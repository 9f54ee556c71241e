import { cloudOwnFirstEn } from './cloud/en';
import { firstEn } from './first/en';
import { restEn } from './rest/en';
import { startEn } from './start/en';

// The English catalog is the source of the message keys: every other catalog is typed from it, and
// i18next's types make `t('…')` accept only these keys. Keys are flat (keySeparator is off), because
// several keys are prefixes of others. Interpolation uses {{name}}.
// It is loaded in parts, each key in one (issue 21): what start-up shows (./start), what the routed console's
// first screens show (./first, and ./cloud: cloud mode's own) and the rest (./rest); at run time nothing loads
// this whole.
export const en = {
  ...startEn,
  ...firstEn,
  ...cloudOwnFirstEn,
  ...restEn,
} as const;

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;
