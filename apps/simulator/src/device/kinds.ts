import type { Board, Features } from '@st/protocol';

// The kinds of simulated devices: what each one senses, can do and declares as config.

export const KIND_NAMES = ['lamp', 'weather', 'button', 'socket'] as const;
export type KindName = (typeof KIND_NAMES)[number];

export interface SensorDef {
  name: string;
  kind: 'number' | 'text';
  read: () => number | string;
}

export interface ActionDef {
  name: string;
  caption: string;
  /** false = "Failed to execute action". */
  run: () => boolean;
}

export interface DeviceModel {
  sensors: SensorDef[];
  actions: ActionDef[];
  /** Advances the simulated physics by `dtMs`. */
  tick: (dtMs: number) => void;
  /** A (re)boot: what the sketch keeps in RAM (actuators, counters) starts from its boot state. */
  boot: () => void;
  /** Log lines this kind writes now and then: [level, tag, message]. */
  chatter: () => [10 | 20 | 30 | 40, string, string];
}

export interface KindDef {
  kind: KindName;
  type: string;
  board: Board;
  version: string;
  features: Required<Features>;
  /** Firmware-declared config entries with their initial values (laddr/gtw are added by the device). */
  config: Record<string, string>;
  createModel: (random: () => number) => DeviceModel;
}

const full: Required<Features> = {
  web: true,
  actions: true,
  actionsScheduler: true,
  sensors: true,
  hooks: true,
  config: true,
  logger: true,
};

const pick = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
};
const walk = (v: number, step: number, min: number, max: number, random: () => number) =>
  Math.min(max, Math.max(min, v + (random() * 2 - 1) * step));

function lamp(random: () => number): DeviceModel {
  let led = 0;
  let light = 300 + Math.round(random() * 200);
  return {
    sensors: [
      { name: 'light', kind: 'number', read: () => Math.round(light) },
      { name: 'led', kind: 'number', read: () => led },
    ],
    actions: [
      {
        name: 'led_on',
        caption: 'Turn led on',
        run: () => {
          led = 1;
          return true;
        },
      },
      {
        name: 'led_off',
        caption: 'Turn led off',
        run: () => {
          led = 0;
          return true;
        },
      },
      {
        name: 'toggle',
        caption: 'Toggle led',
        run: () => {
          led = 1 - led;
          return true;
        },
      },
    ],
    tick: (dt) => {
      light = walk(light, (dt / 1000) * 15, 0, 1000, random);
    },
    boot: () => {
      led = 0;
    },
    chatter: () =>
      pick(random, [
        [20, 'main', `Light level ${Math.round(light)} lx`],
        [10, 'watcher', `Sensor light value ${Math.round(light)}`],
        [20, 'main', `Led is ${led ? 'on' : 'off'} & light ${Math.round(light)} lx`],
        [30, 'smart_thing', 'WiFi signal weak (-81 dBm)'],
        [40, 'main', 'Light sensor read timeout, using last value'],
      ] as const),
  };
}

function weather(random: () => number): DeviceModel {
  let temperature = 18 + random() * 6;
  let humidity = 40 + random() * 20;
  let pressure = 1005 + random() * 15;
  let forecast = 'sunny';
  return {
    sensors: [
      { name: 'temperature', kind: 'number', read: () => Math.round(temperature) },
      { name: 'humidity', kind: 'number', read: () => Math.round(humidity) },
      { name: 'pressure', kind: 'number', read: () => Math.round(pressure) },
      { name: 'forecast', kind: 'text', read: () => forecast },
    ],
    actions: [
      { name: 'refresh', caption: 'Refresh readings', run: () => true },
      { name: 'calibrate', caption: 'Calibrate sensors', run: () => false },
    ],
    tick: (dt) => {
      const s = dt / 1000;
      temperature = walk(temperature, s * 0.3, -20, 40, random);
      humidity = walk(humidity, s * 0.8, 5, 100, random);
      pressure = walk(pressure, s * 0.2, 960, 1050, random);
      if (random() < s / 120) forecast = pick(random, ['sunny', 'cloudy', 'rain', 'snow']);
    },
    boot: () => {},
    chatter: () =>
      pick(random, [
        [20, 'main', `T=${temperature.toFixed(1)}C H=${humidity.toFixed(0)}% P=${pressure.toFixed(0)}hPa`],
        [10, 'sensors-manager', 'Reading BME280'],
        [30, 'main', 'Humidity sensor drift detected & corrected'],
        [40, 'main', 'BME280 not responding, retrying'],
      ] as const),
  };
}

function button(random: () => number): DeviceModel {
  let pressed = 0;
  let presses = 0;
  let releaseIn = 0;
  return {
    sensors: [
      { name: 'button', kind: 'number', read: () => pressed },
      { name: 'presses', kind: 'number', read: () => presses },
    ],
    actions: [
      {
        name: 'reset_counter',
        caption: 'Reset counter',
        run: () => {
          presses = 0;
          return true;
        },
      },
    ],
    tick: (dt) => {
      if (pressed) {
        releaseIn -= dt;
        if (releaseIn <= 0) pressed = 0;
      } else if (random() < dt / 20_000) {
        pressed = 1;
        presses++;
        releaseIn = 800;
      }
    },
    boot: () => {
      pressed = 0;
      presses = 0;
      releaseIn = 0;
    },
    chatter: () =>
      pick(random, [
        [20, 'main', `Button ${pressed ? 'pressed' : 'released'}, ${presses} presses`],
        [10, 'watcher', 'Debounce window 50 ms'],
        [30, 'main', 'Battery low: 3.3V'],
        [40, 'main', 'GPIO interrupt storm, ignoring'],
      ] as const),
  };
}

function socket(random: () => number): DeviceModel {
  let relay = 1;
  let power = 40 + random() * 60;
  return {
    sensors: [
      { name: 'power', kind: 'number', read: () => (relay ? Math.round(power) : 0) },
      { name: 'relay', kind: 'number', read: () => relay },
    ],
    actions: [
      {
        name: 'relay_on',
        caption: 'Switch on',
        run: () => {
          relay = 1;
          return true;
        },
      },
      {
        name: 'relay_off',
        caption: 'Switch off',
        run: () => {
          relay = 0;
          return true;
        },
      },
    ],
    tick: (dt) => {
      power = walk(power, (dt / 1000) * 5, 0, 2500, random);
    },
    boot: () => {
      relay = 1;
    },
    chatter: () =>
      pick(random, [
        [20, 'main', `Power ${relay ? Math.round(power) : 0} W`],
        [10, 'main', 'HLW8012 pulse count read'],
        [30, 'main', 'Load above 80% of max_power'],
        [40, 'main', 'Overcurrent protection tripped & reset'],
      ] as const),
  };
}

export const KINDS: Record<KindName, KindDef> = {
  lamp: {
    kind: 'lamp',
    type: 'lamp',
    board: 'esp32',
    version: '1.4.2',
    features: full,
    config: { brightness: '80', auto_off: '0' },
    createModel: lamp,
  },
  weather: {
    kind: 'weather',
    type: 'weather',
    board: 'esp8266',
    version: '2.0.1',
    features: { ...full, web: false, actionsScheduler: false },
    config: { city: 'Berlin', units: 'metric' },
    createModel: weather,
  },
  button: {
    kind: 'button',
    type: 'button',
    board: 'esp32',
    version: '1.1.0',
    features: full,
    config: { debounce: '50' },
    createModel: button,
  },
  socket: {
    kind: 'socket',
    type: 'socket',
    board: 'esp8266',
    version: '0.9.3',
    features: { ...full, web: false, hooks: false },
    config: { max_power: '2000' },
    createModel: socket,
  },
};
