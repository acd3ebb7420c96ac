/**
 * The Chromium the browser tests and the client benchmark drive: Debian's (Playwright cannot
 * download its own here), with the switches that keep it quiet and lean in a container.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
