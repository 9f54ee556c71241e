import { createContext, useContext } from 'react';
import type { Services } from './services';

export const ServicesContext = createContext<Services | undefined>(undefined);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (services === undefined) throw new Error('useServices() outside <ServicesContext>');
  return services;
}
