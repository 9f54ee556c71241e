export const CLOUD_OLD_SPACE_FLOOR_MIB: number;
export function serverNodeArgs(app: 'gateway' | 'cloud' | 'simulator'): string[];
