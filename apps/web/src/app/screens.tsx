import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route } from 'react-router';
import { MENU_ITEMS, type MenuItem } from '../features/menu/menuItems';
import { PageLoader } from '../ui/PageLoader';
import { screenLoaders } from './screenLoaders';

// Screens load on first visit, so the first screen carries only the shell and itself (App.tsx may have
// started loading the first one already).
const screens = Object.fromEntries(MENU_ITEMS.map((item) => [item, lazy(screenLoaders[item])])) as Record<
  MenuItem,
  LazyExoticComponent<ComponentType>
>;

/** A lazily loaded screen, with the spinner while it downloads. */
export const loading = (screen: ReactNode) => <Suspense fallback={<PageLoader />}>{screen}</Suspense>;

/** The gateway's four screens (spec section 2), relative to the gateway's routes. */
export const screenRoutes = () =>
  MENU_ITEMS.map((item) => {
    const Screen = screens[item];
    return <Route key={item} path={item} element={loading(<Screen />)} />;
  });

/** Unknown paths go to '/'. */
export const toRoot = <Route path="*" element={<Navigate to="/" replace />} />;
