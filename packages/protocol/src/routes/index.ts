export * from './catalog';
export * from './cloud';
export * from './define';
export * from './gateway';
export * from './history';
export * from './ota';
export * from './paths';
