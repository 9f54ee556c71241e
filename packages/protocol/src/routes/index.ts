export * from './catalog';
export * from './cloud';
export * from './define';
export * from './gateway';
export * from './ota';
export * from './paths';
export * from './accounts';
export * from './access';
