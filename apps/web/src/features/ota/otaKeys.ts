/** Query keys of the OTA screen's answers (the device list's update badges share the firmware library's). */
export const otaKeys = {
  firmwares: (gatewayId: string) => ['ota', gatewayId, 'firmwares'] as const,
  boards: (gatewayId: string) => ['ota', gatewayId, 'boards'] as const,
  active: (gatewayId: string) => ['ota', gatewayId, 'active'] as const,
  history: (gatewayId: string) => ['ota', gatewayId, 'history'] as const,
  devices: (gatewayId: string) => ['ota', gatewayId, 'devices'] as const,
};
