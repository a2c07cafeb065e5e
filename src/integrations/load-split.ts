/**
 * Registers the `client:loadsplit` directive (src/directives/load-split.ts), used by the Analyse
 * and Play pages' islands.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export default function loadSplit(): AstroIntegration {
  return {
    name: 'yomi-load-split',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'loadsplit',
          // A path, not a URL: Astro hands it to esbuild as an import specifier.
          entrypoint: fileURLToPath(new URL('../directives/load-split.ts', import.meta.url)),
        });
      },
    },
  };
}
