import { pickDeviceIcon } from './pickIcon';
import { SHAPES } from './shapes';

export interface DeviceIconProps {
  name: string;
  type?: string | undefined;
  size?: number;
}

/** A small picture of the device, chosen by its name and type; decorative (the name is shown beside it). */
export function DeviceIcon({ name, type, size = 30 }: DeviceIconProps) {
  const icon = pickDeviceIcon(name, type);
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      data-icon={icon}
      style={{ flexShrink: 0 }}
    >
      {SHAPES[icon]}
    </svg>
  );
}
