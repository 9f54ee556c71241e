// What a sensor's name tells Home Assistant: its device class and unit, or that it is an on/off state.
// Firmware 1.0 sends only name -> value, so the name is all there is; unknown names stay plain sensors.

export interface NumericClass {
  readonly deviceClass?: string;
  readonly unit?: string;
}

const NUMERIC: ReadonlyArray<[RegExp, NumericClass]> = [
  [/^(temp|temperature)(?:_\w+|\d+)?$/i, { deviceClass: 'temperature', unit: '°C' }],
  [/^(hum|humidity)(?:_\w+|\d+)?$/i, { deviceClass: 'humidity', unit: '%' }],
  [/^(pressure|press)(?:_\w+|\d+)?$/i, { deviceClass: 'pressure', unit: 'hPa' }],
  [/^(power|watt|watts)(?:_\w+|\d+)?$/i, { deviceClass: 'power', unit: 'W' }],
  [/^(light|lux|illuminance|brightness_lx)(?:_\w+|\d+)?$/i, { deviceClass: 'illuminance', unit: 'lx' }],
  [/^(voltage|volt|volts)(?:_\w+|\d+)?$/i, { deviceClass: 'voltage', unit: 'V' }],
  [/^(current|amps?)(?:_\w+|\d+)?$/i, { deviceClass: 'current', unit: 'A' }],
  [/^(energy|kwh)(?:_\w+|\d+)?$/i, { deviceClass: 'energy', unit: 'kWh' }],
  [/^(co2)(?:_\w+|\d+)?$/i, { deviceClass: 'carbon_dioxide', unit: 'ppm' }],
  [/^(battery)(?:_\w+|\d+)?$/i, { deviceClass: 'battery', unit: '%' }],
];

/** Names whose 0/1 values are an on/off state, with the binary_sensor device class where one fits. */
const BINARY: ReadonlyArray<[RegExp, string | undefined]> = [
  [/^(motion|pir)$/i, 'motion'],
  [/^(door)$/i, 'door'],
  [/^(window)$/i, 'window'],
  [/^(leak|water_leak|moisture)$/i, 'moisture'],
  [/^(smoke)$/i, 'smoke'],
  [/^(occupancy|presence)$/i, 'occupancy'],
  [/^(led|relay|switch|light_on|state|power_state|on)$/i, 'power'],
  [/^(button|pressed|contact|alarm|open)$/i, undefined],
];

export function numericClass(name: string): NumericClass {
  for (const [re, cls] of NUMERIC) if (re.test(name)) return cls;
  return {};
}

/** The binary device class (or null for a plain on/off) when `name` with `value` is an on/off state. */
export function binaryClass(name: string, value: number | string): string | null | undefined {
  if (value !== 0 && value !== 1) return undefined;
  for (const [re, cls] of BINARY) if (re.test(name)) return cls ?? null;
  return undefined;
}
