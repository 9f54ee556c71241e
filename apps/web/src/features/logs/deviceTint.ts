/**
 * A steady colour per device address (the original picked one at random per session; a hash keeps the
 * same device the same colour across reloads). Returns a hue in degrees.
 */
export function deviceHue(ip: string): number {
  let hash = 2166136261;
  for (let i = 0; i < ip.length; i++) {
    hash ^= ip.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) % 360;
}

export interface DeviceTint {
  border: string;
  background: string;
}

/** Border and faint background colours for a device's rows. */
export function deviceTint(ip: string): DeviceTint {
  const hue = deviceHue(ip);
  return { border: `hsla(${hue}, 70%, 50%, 0.8)`, background: `hsla(${hue}, 70%, 50%, 0.07)` };
}
