/**
 * Exercises the engine grades: a question about a search, answered by the reader before the
 * engine runs it. Each exercise names the searches that decide it; the answer is read from their
 * results, never written down, so it is what the engine of this build does. The reader's answers
 * are kept in this browser (`localStorage`), and the home page sums them up by chapter.
 *
 * The grading is here, without a DOM: the widget (Exercise.tsx) runs the searches in the worker,
 * the tests run the same searches in Node.
 */
import type { SearchLimits } from '../../engine/search/limits';
import type { SearchResult } from '../../engine/search/iterate';
import { groupDigits } from '../numbers';

/** One search an exercise needs: a position (SFEN or USI line), options over the defaults. */
export interface ExerciseSearch {
  position: string;
  options: Readonly<Record<string, unknown>>;
  limits: SearchLimits;
}

export interface Choice {
  id: string;
  label: string;
}

/** What the searches are asked, and how their results name the right choice. */
export type Check =
  /** The move the search plays: a choice's id is a USI move; `other` for any move not listed. */
  | { kind: 'best-move'; search: ExerciseSearch }
  /** Whether B plays the same move as A: `same` or `different`. */
  | { kind: 'same-move'; a: ExerciseSearch; b: ExerciseSearch }
  /**
   * B's nodes as a share of A's, in bands: `upTo` are the bands' upper ends in increasing order
   * (the last band is everything above the last end); choice `band-i` is the i-th band.
   */
  | { kind: 'node-share'; a: ExerciseSearch; b: ExerciseSearch; upTo: readonly number[] }
  /** Whether the side to move has a mate the search proves: `mate` or `no-mate`. */
  | { kind: 'mate'; search: ExerciseSearch };

export interface Exercise {
  id: string;
  /** The chapter it belongs to (its slug). */
  chapter: string;
  question: string;
  choices: readonly Choice[];
  check: Check;
  /** What to look at once the answer is shown: the idea the question is about. */
  lesson: string;
}

/** The searches an exercise runs, in order (A before B). */
export function searchesOf(check: Check): ExerciseSearch[] {
  switch (check.kind) {
    case 'best-move':
    case 'mate':
      return [check.search];
    case 'same-move':
    case 'node-share':
      return [check.a, check.b];
  }
}

const totalNodes = (r: SearchResult): number => r.stats.nodes + r.stats.qnodes;

/** A choice id for each band of `upTo`: band-0 … band-n. */
export const bandOf = (share: number, upTo: readonly number[]): string => {
  const i = upTo.findIndex((end) => share <= end);
  return `band-${i < 0 ? upTo.length : i}`;
};

/** The engine's answer: the id of the right choice, and the numbers that decided it, in words. */
export interface Answer {
  choice: string;
  because: string;
}

/** Read the answer from the searches' results (as many as `searchesOf` gives, in that order). */
export function answerOf(exercise: Exercise, results: readonly SearchResult[]): Answer {
  const { check } = exercise;
  const count = groupDigits;
  switch (check.kind) {
    case 'best-move': {
      const move = results[0]!.bestMove ?? '';
      const listed = exercise.choices.some((c) => c.id === move);
      return {
        choice: listed ? move : 'other',
        because: `The search plays ${move || 'no move'} (value ${results[0]!.value}, depth ${results[0]!.depth}).`,
      };
    }
    case 'same-move': {
      const [a, b] = results as [SearchResult, SearchResult];
      return {
        choice: a.bestMove === b.bestMove ? 'same' : 'different',
        because: `A plays ${a.bestMove ?? 'no move'} (${a.value}); B plays ${b.bestMove ?? 'no move'} (${b.value}).`,
      };
    }
    case 'node-share': {
      const [a, b] = results as [SearchResult, SearchResult];
      const share = totalNodes(b) / Math.max(1, totalNodes(a));
      return {
        choice: bandOf(share, check.upTo),
        because: `A reads ${count(totalNodes(a))} nodes, B ${count(totalNodes(b))}: ${Math.round(share * 100)} % of A's.`,
      };
    }
    case 'mate': {
      const r = results[0]!;
      const mates = r.score.kind === 'mate' && r.score.value > 0;
      return {
        choice: mates ? 'mate' : 'no-mate',
        because: mates
          ? `The search proves a mate: ${r.pv.join(' ')}.`
          : `To depth ${r.depth} the search finds no mate (value ${r.value}).`,
      };
    }
  }
}

// ---- the reader's answers, kept in this browser ----------------------------------------------

export const PROGRESS_KEY = 'yomi-exercises';

/** The reader's answer to an exercise, and whether it was right. */
export interface Answered {
  choice: string;
  right: boolean;
}

export type Progress = Record<string, Answered>;

/** Read the answers kept in `storage`; anything malformed reads as no answers. */
export function loadAnswers(storage: Pick<Storage, 'getItem'> | undefined): Progress {
  try {
    const raw = storage?.getItem(PROGRESS_KEY);
    const data: unknown = raw ? JSON.parse(raw) : {};
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return {};
    const out: Progress = {};
    for (const [id, value] of Object.entries(data as Record<string, unknown>)) {
      const v = value as Partial<Answered> | null;
      if (v && typeof v.choice === 'string' && typeof v.right === 'boolean')
        out[id] = { choice: v.choice, right: v.right };
    }
    return out;
  } catch {
    return {};
  }
}

/** Keep one answer (the latest for that exercise); returns what is kept now. */
export function saveAnswer(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  id: string,
  answered: Answered,
): Progress {
  const all = { ...loadAnswers(storage), [id]: answered };
  try {
    storage?.setItem(PROGRESS_KEY, JSON.stringify(all));
  } catch {
    // Storage full or off: the answer counts for this visit only.
  }
  return all;
}

/** A chapter's tally: exercises, answered, answered right. */
export interface Tally {
  total: number;
  answered: number;
  right: number;
}

export function tallyOf(exercises: readonly Pick<Exercise, 'id'>[], progress: Progress): Tally {
  let answered = 0;
  let right = 0;
  for (const e of exercises) {
    const a = progress[e.id];
    if (!a) continue;
    answered++;
    if (a.right) right++;
  }
  return { total: exercises.length, answered, right };
}

/** "2 of 3 exercises answered, 1 right", or null before the first. */
export function describeTally(t: Tally): string | null {
  if (t.answered === 0) return null;
  const noun = t.total === 1 ? 'exercise' : 'exercises';
  return `${t.answered} of ${t.total} ${noun} answered, ${t.right} right`;
}
