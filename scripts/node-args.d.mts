export const LARGE_CLOUD_NODE_LINKS: number;
export function serverNodeArgs(app: 'gateway' | 'cloud' | 'simulator', plan?: { links?: number }): string[];
