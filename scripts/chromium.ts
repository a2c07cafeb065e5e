/** Where the browser tests find Chromium: $CHROMIUM_PATH, or Debian's package. */
export const chromiumPath = (): string => process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Flags for a quiet headless Chromium in a container: no sandbox, GPU or background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
