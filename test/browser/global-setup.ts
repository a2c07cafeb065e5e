/**
 * Runs once before the browser tests: builds the site with `astro build` into a fresh temporary
 * directory (so a test run never clobbers dist/ or another run's build), serves it on a free
 * loopback port and hands the URL to the tests. Without Chromium the browser tests are skipped
 * with a message, except under CI, where a missing browser is a failure.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveStatic } from '../../scripts/static-server';
import { chromiumPath } from '../../scripts/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the served dist/, without a trailing slash; empty when skipping. */
    siteUrl: string;
    /** Why the browser tests are skipped; empty when they run. */
    browserSkip: string;
  }
}

const isCI = (): boolean => {
  const ci = (process.env['CI'] ?? '').toLowerCase();
  return ci !== '' && ci !== '0' && ci !== 'false';
};

async function buildSite(outDir: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('astro/package.json');
  const { bin } = JSON.parse(readFileSync(packageJson, 'utf8')) as { bin: { astro: string } };
  const astro = join(dirname(packageJson), bin.astro);
  const started = Date.now();
  const output: string[] = [];
  const code = await new Promise<number | null>((done, fail) => {
    // Built as a fresh clone builds it, without SITE_URL (pages.test.ts checks what that gives).
    const child = spawn(process.execPath, [astro, 'build', '--outDir', outDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SITE_URL: '' },
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', fail);
    child.once('close', done);
  });
  if (code !== 0) {
    throw new Error(`astro build failed (exit ${code}):\n${output.join('')}`);
  }
  console.log(`[browser] built the site in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const executable = chromiumPath();
  if (!existsSync(executable)) {
    const reason =
      `Chromium not found at ${executable}. Install it (apt-get install chromium) ` +
      `or set CHROMIUM_PATH.`;
    if (isCI()) throw new Error(`${reason} CI runs the browser tests, so this is a failure.`);
    console.warn(`[browser] Skipping the browser tests: ${reason}`);
    project.provide('siteUrl', '');
    project.provide('browserSkip', reason);
    return () => Promise.resolve();
  }
  let dir = 'dist';
  let cleanUp = (): void => undefined;
  if (process.env['YOMI_SKIP_BUILD'] === '1' && existsSync('dist/index.html')) {
    console.log('[browser] YOMI_SKIP_BUILD=1: testing the dist/ already built');
  } else {
    const outDir = mkdtempSync(join(tmpdir(), 'yomi-site-'));
    cleanUp = () => rmSync(outDir, { recursive: true, force: true });
    try {
      await buildSite(outDir);
    } catch (error) {
      cleanUp();
      throw error;
    }
    dir = outDir;
  }
  const server = await serveStatic(dir);
  project.provide('siteUrl', server.url);
  project.provide('browserSkip', '');
  return async () => {
    await server.close();
    cleanUp();
  };
}
