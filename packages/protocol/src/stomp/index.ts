export * from './link';
export * from './linkTransfer';
export * from './topics';
