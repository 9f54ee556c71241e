import { createContext, useContext } from 'react';

/** True inside a drawer that has a title (overlays.tsx provides it): what it shows need not name itself again. */
export const TitledDrawer = createContext(false);

export const useInTitledDrawer = () => useContext(TitledDrawer);
