// The Integrations screen (issue 19): the console connects the gateway's Home Assistant bridge to a real broker
// (Debian's mosquitto, started here on a free port) in both modes (in cloud mode through the relay), shows the
// status, and a real MQTT client, as Home Assistant, then sees the gateway online and its devices' configs.
import { type MosquittoServer, startMosquitto } from '@st/testkit';
import mqtt, { type MqttClient } from 'mqtt';
import { system } from './env';
import { MODES, openScreen } from './logs.support';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';
import { closeToasts, inBothThemes } from './support/shell';

let broker: MosquittoServer;
let ha: MqttClient;
const seen = new Map<string, string>();

const settingsUrl = () => `${system.gatewayUrl}/api/integrations/mqtt`;
const disable = () =>
  fetch(settingsUrl(), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    // also forgets the password an earlier test saved (the test broker takes anonymous clients only)
    body: JSON.stringify({ enabled: false, url: '', username: '', password: '' }),
  });

test.beforeAll(async () => {
  broker = await startMosquitto();
  ha = await mqtt.connectAsync(broker.url);
  ha.on('message', (topic, payload) => seen.set(topic, payload.toString('utf8')));
  await ha.subscribeAsync(['homeassistant/#', 'smartthing/#']);
});
test.afterAll(async () => {
  await disable();
  await ha?.endAsync(true);
  await broker?.stop();
});

for (const mode of MODES) {
  test(`${mode} mode: the Integrations screen connects the gateway to the broker and shows the status`, async ({
    page,
  }) => {
    await disable();
    seen.clear();
    await openScreen(page, mode, 'integrations');
    await expect(page.getByRole('heading', { name: 'Home Assistant (MQTT discovery)' })).toBeVisible();
    const status = page.getByTestId('mqtt-status');
    await expect(status).toHaveText('Off');

    await page.getByRole('textbox', { name: 'Broker URL' }).fill(broker.url);
    await page.getByRole('switch', { name: 'Publish devices to Home Assistant' }).check();
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await expect(page.getByText('MQTT settings saved')).toBeVisible();
    await expect(status).toHaveText('Connected', { timeout: 15_000 });
    await expect(page.getByText(/devices published/)).toBeVisible();

    // Home Assistant's side: the gateway is online and the shared system's devices have discovery configs.
    await expect
      .poll(() =>
        [...seen].some(([t, v]) => /^smartthing\/gateway_[^/]+\/availability$/.test(t) && v === 'online'),
      )
      .toBe(true);
    await expect
      .poll(
        () =>
          [...seen.keys()].filter((t) => /^homeassistant\/button\/st_.+\/restart\/config$/.test(t)).length,
      )
      .toBeGreaterThan(0);

    await closeToasts(page);
    await inBothThemes(page, async () => {
      await expectAccessible(page, `integrations-${mode}`);
    });
  });
}

test('gateway mode: a bad broker URL is refused with a translated message, and the password is never shown', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 400/);
  await openScreen(page, 'gateway', 'integrations');
  await page.getByRole('textbox', { name: 'Broker URL' }).fill('http://not-a-broker');
  await page.getByRole('switch', { name: 'Publish devices to Home Assistant' }).check();
  await page.getByRole('button', { name: 'Save and connect' }).click();
  await expect(page.getByText('Could not save the MQTT settings')).toBeVisible();

  await page.getByRole('textbox', { name: 'Broker URL' }).fill(broker.url);
  await page.getByRole('textbox', { name: 'Password' }).fill('very-secret-password');
  await page.getByRole('button', { name: 'Save and connect' }).click();
  await expect(page.getByTestId('mqtt-status')).toHaveText('Connected', { timeout: 15_000 });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveAttribute(
    'placeholder',
    'Saved; leave empty to keep it',
  );
  const answer = await (await fetch(settingsUrl())).text();
  expect(answer).not.toContain('very-secret-password');
});

test('gateway mode: the Integrations screen fits a phone and works from the keyboard, in Russian too', async ({
  page,
}) => {
  await disable();
  await page.setViewportSize({ width: 375, height: 740 });
  await openScreen(page, 'gateway', 'integrations');
  const url = page.getByRole('textbox', { name: 'Broker URL' });
  await expect(url).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // keyboard only: the switch, the URL, then Enter submits the form
  await page.getByRole('switch', { name: 'Publish devices to Home Assistant' }).focus();
  await page.keyboard.press('Space');
  await url.focus();
  await page.keyboard.type(broker.url);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('mqtt-status')).toHaveText('Connected', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Switch the language to Russian' }).click();
  await expect(page.getByRole('heading', { name: 'Интеграции' })).toBeVisible();
  await expect(page.getByTestId('mqtt-status')).toHaveText('Подключено');
  await page.getByRole('button', { name: 'Switch the language to English' }).click();
  await expectAccessible(page, 'integrations-phone');
});
