export * from './link';
export * from './topics';
