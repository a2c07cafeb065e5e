/**
 * Takes the README's screenshot: the home page of the built site at 1280×800 in the light theme.
 *
 *   npm run build && npm run screenshot [-- --out docs/screenshot.png --path / --full]
 *
 * `--full` takes the whole page, not only the first screen.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { readArgs } from './lib/cli';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { serveStatic } from './static-server';

const { values } = readArgs('screenshot', {
  options: {
    out: { type: 'string', default: 'docs/screenshot.png', value: 'FILE' },
    path: { type: 'string', default: '/' },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '800' },
    full: { type: 'boolean', default: false },
  },
});

if (!existsSync('dist/index.html')) {
  console.error('No built site in dist/: run `npm run build` first.');
  process.exit(1);
}

const server = await serveStatic('dist');
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({
    viewport: { width: Number(values.width), height: Number(values.height) },
    colorScheme: 'light',
  });
  await page.goto(`${server.url}${values.path}`, { waitUntil: 'networkidle' });
  mkdirSync(dirname(values.out), { recursive: true });
  await page.screenshot({ path: values.out, fullPage: values.full });
  console.log(`Saved ${values.out}`);
} finally {
  await browser.close();
  await server.close();
}
