import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { Navigate, Route } from 'react-router';
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
 * (React throttles revealing a suspended boundary; issue 21, the first list). A mount that found it not
 * loaded stays lazy for its lifetime, so the screen is never remounted as another component type.
 */
function Screen({ item }: { item: MenuItem }) {
  const [Component] = useState<ComponentType>(() => loadedScreen(item)?.default ?? screens[item]);
  return <Component />;
}

/** The gateway's four screens (spec section 2), relative to the gateway's routes. */
export const screenRoutes = () =>
  MENU_ITEMS.map((item) => (
    // (keyed: React would otherwise keep one Screen, and its component, across two routes)
    <Route key={item} path={item} element={loading(<Screen key={item} item={item} />)} />
  ));

/** Unknown paths go to '/'. */
export const toRoot = <Route path="*" element={<Navigate to="/" replace />} />;
