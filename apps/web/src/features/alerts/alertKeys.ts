/** Query keys of the alerts' answers (the device lists' crash-loop badges too). */
export const alertKeys = {
  gateway: (gatewayId: string) => ['alerts', gatewayId] as const,
  cloud: ['alerts', 'cloud'] as const,
  thresholds: (gatewayId: string) => ['alerts', gatewayId, 'thresholds'] as const,
  history: (gatewayId: string) => ['alert-history', gatewayId] as const,
  timeline: (gatewayId: string, ip: string) => ['timeline', gatewayId, ip] as const,
  crashLoops: (gatewayId: string) => ['crash-loops', gatewayId] as const,
};
