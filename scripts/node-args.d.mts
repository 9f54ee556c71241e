export function serverNodeArgs(app: 'gateway' | 'cloud' | 'simulator'): string[];
