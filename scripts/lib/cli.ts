/**
 * The command line of a script, read with node:util's parseArgs, but a bad flag or a missing
 * value ends the script with one line naming the problem and the flags it knows (exit code 2),
 * not a stack trace; `--help` or `-h` prints the usage and the flags (exit code 0).
 *
 *   const { values } = readArgs('perft', { options: { depth: { type: 'string', default: '1' } } });
 *
 * The values are strings as parseArgs gives them: a script still checks that a number is one.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** One flag as parseArgs takes it, with the placeholder for its value in the flags line. */
export type Flag = NonNullable<ParseArgsConfig['options']>[string] & {
  /** `N`, `FILE`, `a,b`; by default N for a number default, else the flag's name in capitals. */
  value?: string;
};

/** parseArgs's configuration with the flags always given. */
export type ArgsConfig = Omit<ParseArgsConfig, 'options'> & { options: Record<string, Flag> };

/** What parseArgs returns for `config`. */
export type Args<T extends ArgsConfig> = ReturnType<typeof parseArgs<T>>;

/** `flags: --games N, --workers N, --only a,b, --resume`: every flag `options` knows. */
export function flagsLine(options: Record<string, Flag>): string {
  const flags = Object.entries(options).map(([name, flag]) => {
    const short = flag.short === undefined ? '' : `-${flag.short}/`;
    if (flag.type === 'boolean') return `${short}--${name}`;
    const numeric = typeof flag.default === 'string' && /^-?\d+(\.\d+)?$/.test(flag.default);
    const value = flag.value ?? (numeric ? 'N' : name.toUpperCase());
    return `${short}--${name} ${value}${flag.multiple ? '…' : ''}`;
  });
  return `flags: ${flags.join(', ')}`;
}

/**
 * The problem a parseArgs error names, in its first sentence ("Unknown option '--bogus'");
 * null for any other error.
 */
export function argsProblem(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (!(error instanceof Error) || typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_'))
    return null;
  const first = error.message.split(/\.?\n|\.\s/)[0]!.replace(/\.$/, '');
  // "--seed -5": parseArgs takes -5 for a flag; its third sentence says how to give the value.
  const dash = /use '(--[^']*=-XYZ)'/.exec(error.message);
  return dash ? `${first} (a value starting with a dash is written ${dash[1]})` : first;
}

/**
 * parseArgs for the script `tool` (the name its messages start with). On a bad command line it
 * prints `<tool>: <problem>` and the flags line to stderr and exits with code 2; with `--help`
 * or `-h` it prints `usage` (when given) and the flags line to stdout and exits with code 0.
 */
export function readArgs<T extends ArgsConfig>(tool: string, config: T, usage?: string): Args<T> {
  const flags = flagsLine(config.options);
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, { value: _value, ...flag }] of Object.entries(config.options))
    options[name] = flag;
  options['help'] ??= { type: 'boolean', short: 'h' };
  let parsed;
  try {
    parsed = parseArgs({ ...config, options });
  } catch (error) {
    const problem = argsProblem(error);
    if (problem === null) throw error;
    console.error(`${tool}: ${problem}\n${flags}`);
    process.exit(2);
  }
  if ((parsed.values as Record<string, unknown>)['help'] === true) {
    if (usage !== undefined) console.log(usage);
    console.log(flags);
    process.exit(0);
  }
  return parsed;
}
