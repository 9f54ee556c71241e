import { cloudOwnFirstRu } from './cloud/ru';
import type { Catalog } from './en';
import { firstRu } from './first/ru';
import { restRu } from './rest/ru';
import { startRu } from './start/ru';

// In the same parts as ./en.ts.
export const ru: Catalog = {
  ...startRu,
  ...firstRu,
  ...cloudOwnFirstRu,
  ...restRu,
};
