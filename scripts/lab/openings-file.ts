/** The match openings file (src/data/openings.json, made by `npm run make:openings`). */
import { readFileSync } from 'node:fs';
import type { Opening } from '../../src/engine/lab/openings';

/** Read the openings file; the error names the file and what is wrong with it. */
export function readOpenings(file: string): Opening[] | string {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return `--openings ${file}: ${(error as Error).message}`;
  }
  const list = (data as { openings?: unknown }).openings;
  if (!Array.isArray(list) || list.length === 0) return `--openings ${file}: no "openings" list`;
  return list as Opening[];
}
