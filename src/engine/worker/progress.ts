/** How often a worker reports progress at most (10 times a second keeps a progress bar smooth). */
export const INFO_INTERVAL_MS = 100;
