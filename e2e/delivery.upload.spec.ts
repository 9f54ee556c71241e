// Issue 21: a 16 MiB firmware image (the largest the gateway takes) added from the console, directly and
// through the cloud relay, with the upload's progress shown in bytes. The browser's upload is throttled
// (CDP) so the progress has time to show; the relay's 4.5 s timeout would cut a plain request short.
import { Firmware, makeFirmwareImage, OTA } from '@st/protocol';
import { system } from './env';
import { MODES } from './panel.support';
import { expect, test } from './support/console';

const added: string[] = [];

test.afterAll(async () => {
  for (const id of added) await fetch(`${system.gatewayUrl}/api/ota/firmware?id=${id}`, { method: 'DELETE' });
});

for (const mode of MODES) {
  test(`adds a 16 MiB firmware with upload progress (${mode} mode)`, async ({ page, context }) => {
    test.setTimeout(180_000);
    if (mode === 'gateway') await page.goto(`${system.gatewayUrl}/ota`);
    else {
      await page.goto(system.cloudUrl);
      await page.getByRole('textbox', { name: 'Login' }).fill(system.login);
      await page.locator('input[type="password"]').fill(system.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText('Home', { exact: true }).first().click();
      await page.waitForURL(/\/overview$/);
      await page.goto(page.url().replace(/\/overview$/, '/ota'));
    }
    await expect(page.getByRole('heading', { name: 'Available firmwares' })).toBeVisible();
    // Every progress value shown, collected in the page as it changes.
    await page.evaluate(() => {
      const seen: Array<[number, number]> = [];
      Object.assign(window, { __progress: seen });
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="upload-progress"]');
        if (el) seen.push([Number(el.getAttribute('data-sent')), Number(el.getAttribute('data-total'))]);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 4 * 1024 * 1024,
    });

    const version = `big-${mode}`;
    const type = `e2e-big-${mode}`;
    await page.getByRole('button', { name: 'Add firmware' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add firmware' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: `${type}.bin`,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(makeFirmwareImage({ version, size: OTA.firmwareMaxBytes, seed: 3 })),
    });
    await expect(dialog.getByLabel('Version')).toHaveValue(version);
    await dialog.getByLabel('Type').fill(type);
    await dialog.getByRole('button', { name: 'Add firmware' }).click();
    await expect(dialog.getByTestId('upload-progress')).toContainText(/Uploaded [\d.]+ of 16\.0 MB/);
    await expect(page.getByText('Firmware added')).toBeVisible({ timeout: 120_000 });
    await expect(dialog).toBeHidden();

    const progress =
      (await page.evaluate(
        () => (window as unknown as { __progress: Array<[number, number]> }).__progress,
      )) ?? [];
    const total = progress.at(-1)?.[1] ?? 0;
    expect(total).toBeGreaterThan(OTA.firmwareMaxBytes);
    expect(progress.some(([sent, of]) => sent > 0 && sent < of)).toBe(true);
    expect(progress.at(-1)?.[0]).toBe(total);
    const saved = Firmware.array().parse(await (await fetch(`${system.gatewayUrl}/api/ota/firmware`)).json());
    const mine = saved.find((f) => f.type === type);
    expect(mine).toMatchObject({ board: 'esp32', version });
    if (mine) added.push(mine.id);
  });
}
