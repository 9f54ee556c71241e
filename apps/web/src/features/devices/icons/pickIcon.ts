export const DEVICE_ICONS = [
  'lamp',
  'weather',
  'button',
  'socket',
  'generic',
  'frog',
  'rock',
  'crewmate',
  'test',
] as const;
export type DeviceIconName = (typeof DEVICE_ICONS)[number];

// The original console's special names (reference/web-frontend.md 8.5), drawn anew.
const SPECIAL: Record<string, DeviceIconName> = {
  pepe: 'frog',
  frog: 'frog',
  happy: 'frog',
  drg: 'rock',
  rock: 'rock',
  stone: 'rock',
  rock_and_stone: 'rock',
  sus: 'crewmate',
  amogus: 'crewmate',
  imposter: 'crewmate',
  sussy: 'crewmate',
  'sussy-baka': 'crewmate',
  test: 'test',
};

const BY_WORD: [RegExp, DeviceIconName][] = [
  [/lamp|light|led|bulb/, 'lamp'],
  [/weather|meteo|temp|humid|climate/, 'weather'],
  [/button|switch|remote/, 'button'],
  [/socket|plug|relay|outlet/, 'socket'],
];

/** The icon of a device: special names first, then words in its name, then its type, else generic. */
export function pickDeviceIcon(name: string, type = ''): DeviceIconName {
  const lower = name.trim().toLowerCase();
  const special = SPECIAL[lower];
  if (special !== undefined) return special;
  if (lower.startsWith('autotest') || type === 'test_device') return 'test';
  for (const text of [lower, type.toLowerCase()]) {
    const found = BY_WORD.find(([re]) => re.test(text));
    if (found !== undefined) return found[1];
  }
  return 'generic';
}
