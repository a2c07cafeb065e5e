/**
 * Read one of chapter 7's games files (public/lab/dtree/, written by `npm run dtree-data`): the
 * command and commit that made it and its games. A file that cannot be read or parsed ends the
 * script with a message naming it.
 */
import { readFileSync } from 'node:fs';

export interface GamesFile<G> {
  command: string;
  provenance: { engine: { commit: string } };
  games: G[];
}

export function readGamesFile<G>(file: string, script: string): GamesFile<G> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as GamesFile<G>;
  } catch (error) {
    console.error(`${script}: cannot read ${file}: ${(error as Error).message}`);
    process.exit(2);
  }
}
