export * from './link';
export * from './topics';
export * from './linkTransfer';
