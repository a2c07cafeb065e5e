/**
 * Runs every program in examples/ the way its header says (`npx tsx examples/<name>.ts`) and
 * writes what it printed on stdout to src/data/examples/<name>.txt, the output the chapters show
 * under its source (src/components/source/Example.astro):
 *
 *   npm run examples:capture
 *
 * The site build only reads those files; test/examples/examples.test.ts runs the programs again
 * and fails when a file is missing, left over or out of date. What an example writes to stderr
 * (perft's timings) is shown here and not kept.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const EXAMPLES_DIR = join(ROOT, 'examples');
export const CAPTURE_DIR = join(ROOT, 'src/data/examples');

/** Names of the example programs: examples/<name>.ts. */
export const exampleNames = (): string[] =>
  readdirSync(EXAMPLES_DIR)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();

/** Names of the captured outputs: src/data/examples/<name>.txt. */
export const capturedNames = (): string[] =>
  readdirSync(CAPTURE_DIR)
    .filter((file) => file.endsWith('.txt'))
    .map((file) => file.slice(0, -'.txt'.length))
    .sort();

export const capturePath = (name: string): string => join(CAPTURE_DIR, `${name}.txt`);

export interface ExampleRun {
  /** The exit code, or null when a signal ended the program. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * One example, run with no arguments in a child process from the project root: `node --import
 * tsx` is what `npx tsx` starts, without npx's own start-up.
 */
export function runExample(name: string): Promise<ExampleRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join('examples', `${name}.ts`)],
      { cwd: ROOT, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function main(): Promise<void> {
  mkdirSync(CAPTURE_DIR, { recursive: true });
  const names = exampleNames();
  let failed = false;
  for (const name of names) {
    const run = await runExample(name);
    process.stderr.write(run.stderr);
    if (run.code !== 0) {
      console.error(`examples/${name}.ts exited with ${run.code}; its output is not kept`);
      failed = true;
      continue;
    }
    writeFileSync(capturePath(name), run.stdout);
    console.log(
      `${capturePath(name).slice(ROOT.length)}: ${run.stdout.split('\n').length - 1} lines`,
    );
  }
  // A capture whose example was renamed or removed would otherwise linger and fail the test.
  for (const name of capturedNames().filter((n) => !names.includes(n))) {
    rmSync(capturePath(name));
    console.log(`removed ${capturePath(name).slice(ROOT.length)}: examples/${name}.ts is gone`);
  }
  if (failed) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
