/**
 * The search state: what one search carries from node to node (search-data.ts) and one move picker
 * per ply. The pickers read the data, so they are added here, above both: the techniques import
 * the state from this module, and the picker (move-picker.ts) and the ordering scores (ordering.ts)
 * import the data alone.
 */
import type { Evaluator } from '../eval/evaluator';
import type { Position } from '../position';
import { MovePicker } from './move-picker';
import type { SearchOptions } from './options';
import { MAX_SEARCH_PLY, SearchData } from './search-data';
import type { TranspositionTable } from './tt';

export class SearchState extends SearchData {
  /** One move picker per ply, allocated once; each hands out its ply's moves. */
  readonly pickers: readonly MovePicker[];

  constructor(
    pos: Position,
    options: SearchOptions,
    evaluator: Evaluator,
    tt: TranspositionTable,
    shouldStop: () => boolean,
  ) {
    super(pos, options, evaluator, tt, shouldStop);
    this.pickers = Array.from({ length: MAX_SEARCH_PLY }, (_, ply) => new MovePicker(this, ply));
  }
}
