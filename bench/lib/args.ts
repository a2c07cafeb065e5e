/** The value after `flag` on a command line (`--base /tmp/old`), if the flag is there. */
export function argument(args: readonly string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
}
