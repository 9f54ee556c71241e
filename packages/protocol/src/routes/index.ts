export * from './catalog';
export * from './cloud';
export * from './define';
export * from './gateway';
export * from './integrations';
export * from './ota';
export * from './paths';
