import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { Redirect, Route } from 'wouter';
import { MENU_ITEMS, type MenuItem } from '../features/menu/menuItems';
import { PageLoader } from '../ui/PageLoader';
import { loadedScreen, screenLoaders } from './screenLoaders';

// Screens load on first visit, so the first screen carries only the shell and itself (App.tsx may have
// started loading the first one already).
const screens = Object.fromEntries(MENU_ITEMS.map((item) => [item, lazy(screenLoaders[item])])) as Record<
  MenuItem,
  LazyExoticComponent<ComponentType>
>;

/** A lazily loaded screen, with the spinner while it downloads. */
export const loading = (screen: ReactNode) => <Suspense fallback={<PageLoader />}>{screen}</Suspense>;

/**
 * A screen that renders at once when its module has already loaded (start-up preloads the one the address
 * names): React.lazy would suspend once anyway, commit the spinner and reveal the screen up to 300 ms later
 * (React throttles revealing a suspended boundary). A mount that found it not
 * loaded stays lazy for its lifetime, so the screen is never remounted as another component type.
 */
function Screen({ item }: { item: MenuItem }) {
  const [Component] = useState<ComponentType>(() => loadedScreen(item)?.default ?? screens[item]);
  return <Component />;
}

/**
 * The gateway's screens (spec section 2), at `{prefix}/{screen}`: the prefix is '' in gateway mode and the
 * gateway's segment (`/:gateway`) in cloud mode.
 */
export const screenRoutes = (prefix: string) =>
  MENU_ITEMS.map((item) => (
    // (keyed: React would otherwise keep one Screen, and its component, across two routes)
    <Route key={item} path={`${prefix}/${item}`}>
      {loading(<Screen key={item} item={item} />)}
    </Route>
  ));

/**
 * Unknown paths go to '/' (last in a Switch: a Route without a path matches any). Every route that redirects
 * has a key: a Switch shows one route at a time, so two unkeyed routes would share one Redirect, which
 * navigates only when it mounts ('/no/such' -> '/' would then stop there).
 */
export const toRoot = (
  <Route key="unknown">
    <Redirect to="/" replace />
  </Route>
);
