/**
 * The tuned effect table as an evaluator: the parameters the tuner wrote (tuned.json, made by
 * `npm run tune`), turned into the half-table the first time a position is evaluated, and kept up
 * to date inside the search (table.ts).
 */
import type { Position } from '../../../position';
import type { Evaluator } from '../../evaluator';
import { paramsFromFile } from './params';
import { TableEvaluator } from './incremental';
import { buildTable } from './table';
import tunedFile from './tuned.json';

/** The tuned parameters, as the tuner wrote them. */
export const tunedParams = (): Float64Array => paramsFromFile(tunedFile);

/** An evaluator over a parameter vector's table, built on first use. */
export function tableEvaluator(name: string, description: string, params: () => Float64Array) {
  let table: TableEvaluator | null = null;
  const evaluator = {
    name,
    description,
    /** The incremental evaluator itself (its table and statistics), built if need be. */
    get table(): TableEvaluator {
      table ??= new TableEvaluator(name, description, buildTable(params()));
      return table;
    },
    evaluate(pos: Position): number {
      return (table ?? evaluator.table).evaluate(pos);
    },
  };
  return evaluator satisfies Evaluator;
}

export const tunedEvaluator = tableEvaluator(
  'tuned',
  'Seed 003’s KKPEE9 table, its parameters tuned on self-play games: effects by their distance to each king, each piece by how it is defended and attacked and where it stands from both kings, and the king’s square.',
  tunedParams,
);
