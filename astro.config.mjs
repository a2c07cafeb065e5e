// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import preact from '@astrojs/preact';
import { CODE_THEMES } from './src/components/source/themes.ts';

export default defineConfig({
  output: 'static',
  build: { format: 'directory' },
  server: { port: 4321 },
  integrations: [mdx(), preact()],
  markdown: {
    shikiConfig: {
      themes: CODE_THEMES,
      // Colours come from CSS variables; the stylesheet picks light or dark by prefers-color-scheme.
      defaultColor: false,
      wrap: false,
    },
  },
  vite: {
    // The engine runs in a module worker (src/components/engine-client.ts creates it).
    worker: { format: 'es' },
  },
});
