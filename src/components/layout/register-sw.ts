/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Registers the service worker that keeps the book readable offline (src/integrations/offline.ts).
 * In `astro dev` the plugin serves a stub of `virtual:pwa-register` that registers nothing.
 *
 * A new build's worker takes control of open pages at once. A page it takes from an older worker
 * reloads, so it never mixes two builds: an island hydrated later would ask for the old build's
 * scripts, which the new worker no longer holds. The page watches the change of controller itself
 * instead of leaving the reload to registerSW, whose events miss an update the browser finds
 * before the registration has finished (as it does when a page is opened after a deploy).
 */
import { registerSW } from 'virtual:pwa-register';

if ('serviceWorker' in navigator) {
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) window.location.reload();
    controlled = true;
  });
}

registerSW({ onNeedReload: () => undefined });
