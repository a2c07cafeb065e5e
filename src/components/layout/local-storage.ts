/** The browser's localStorage, or undefined where storage is off (private windows, strict settings). */
export const localStore = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};
