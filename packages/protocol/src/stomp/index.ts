export * from './link';
export * from './linkTransfer';
export * from './topicPatterns';
export * from './topics';
