/**
 * Where a result came from, written into every data file the lab makes: the command, the date,
 * the engine's commit (and whether the tree had changes not yet committed), the bench node-count
 * signature the engine had (test/fixtures/bench-positions.json, which signature.test.ts holds equal
 * to the engine's search), and the machine.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname } from 'node:path';

export type { Provenance } from '../../src/engine/lab/experiment-data';
import type { Provenance } from '../../src/engine/lab/experiment-data';

const git = (args: string[]): string =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** The bench signature recorded for the engine as it is in this tree. */
export function benchSignature(): number {
  const fixture = JSON.parse(
    readFileSync(new URL('../../test/fixtures/bench-positions.json', import.meta.url), 'utf8'),
  ) as { signature: number };
  return fixture.signature;
}

export function provenance(command: string): Provenance {
  let commit = 'unknown';
  let dirty = false;
  try {
    commit = git(['rev-parse', 'HEAD']);
    // Tracked files only: a scratch file git does not know is not part of what ran.
    dirty =
      git(['status', '--porcelain', '--untracked-files=no', '--', 'src/engine', 'bench', 'scripts'])
        .length > 0;
  } catch {
    // Not a git checkout (an unpacked archive): the commit stays unknown.
  }
  return {
    command,
    date: new Date().toISOString(),
    engine: { commit, dirty, signature: benchSignature() },
    machine: {
      cores: availableParallelism(),
      cpu: cpus()[0]?.model ?? 'unknown',
      node: process.version,
    },
  };
}

/**
 * The git checkout a program lives in (following symlinks): its commit, and whether tracked files
 * had changes not committed. Null when it is in none, or git is not there: a binary built
 * elsewhere says its commit with `--b-commit`.
 */
export function checkoutOf(program: string): { commit: string; dirty: boolean } | null {
  try {
    const dir = dirname(realpathSync(program));
    const commit = git(['-C', dir, 'rev-parse', 'HEAD']);
    const dirty = git(['-C', dir, 'status', '--porcelain', '--untracked-files=no']).length > 0;
    return { commit, dirty };
  } catch {
    return null;
  }
}
