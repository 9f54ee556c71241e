import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, headless, as every console bench runs it: no sandbox (root), no GPU, and none of the
 * background traffic (QUIC, component updates, sync, first-run pages) that this machine's closed network
 * would refuse and that would compete with the page being measured.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
