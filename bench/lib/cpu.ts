/** CPU time (user + system) of this process so far, in milliseconds: other processes hardly disturb it. */
export const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
