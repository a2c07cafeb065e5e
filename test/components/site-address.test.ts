/**
 * Where the book says it is served: with SITE_URL the build knows its address (the pages'
 * canonical link and og:url, and a sitemap); without it the build names no address at all rather
 * than a wrong one such as the development server's. The browser tests check a build made without
 * it, as `npm run build` on a fresh clone makes one; this checks the configuration for both.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

interface Config {
  site?: string;
  integrations: { name: string }[];
}

async function configWith(siteUrl: string | undefined): Promise<Config> {
  vi.resetModules();
  if (siteUrl === undefined) vi.stubEnv('SITE_URL', undefined);
  else vi.stubEnv('SITE_URL', siteUrl);
  const module = (await import('../../astro.config.mjs')) as { default: Config };
  return module.default;
}

describe('the site address', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is the one SITE_URL gives, with a sitemap', async () => {
    const config = await configWith('https://yomi.example/');
    expect(config.site).toBe('https://yomi.example/');
    expect(config.integrations.map((i) => i.name)).toContain('@astrojs/sitemap');
  });

  it('is none without SITE_URL, and there is no sitemap', async () => {
    const config = await configWith(undefined);
    expect(config.site).toBeUndefined();
    expect(config.integrations.map((i) => i.name)).not.toContain('@astrojs/sitemap');
  });
});
