export * from './access';
export * from './accounts';
export * from './catalog';
export * from './cloud';
export * from './define';
export * from './gateway';
export * from './ota';
export * from './paths';
