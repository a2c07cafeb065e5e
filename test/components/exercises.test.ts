/**
 * The chapters' exercises: every one runs its searches in Node, as the page's worker does, and the
 * engine's answer must be one of the choices offered (never "another move" when a move is asked
 * for by name, so the question stays well posed). The answers are pinned like a node signature:
 * when a change to the engine moves one, the question and its lesson are read again and the pin
 * updated on purpose. Also: the chapters place each exercise once, and the reader's answers are
 * kept and counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  bandOf,
  describeTally,
  loadAnswers,
  PROGRESS_KEY,
  saveAnswer,
  searchesOf,
  tallyOf,
} from '../../src/components/exercises/exercise-model';
import { EXERCISES, exercisesOf } from '../../src/components/exercises/exercises';
import { Searcher } from '../../src/engine/search/iterate';
import { resolveOptions } from '../../src/engine/search/options';
import { parsePositionText } from '../../src/engine/sfen';

/** What the engine answers today; change one only after reading its question again. */
const ANSWERS: Record<string, string> = {
  'board-gold-mate': 'mate',
  'board-pawn-mate': 'mate',
  'move-eval-ordering-move': 'same',
  'move-eval-ordering-nodes': 'band-0',
  'pruning-fork-threshold': '4h4i',
  'pruning-fork-checks': '3g2e',
  'pruning-backward-nodes': 'band-0',
  'horizon-pawn-check': 'P*5d',
  'horizon-check-extension': '9g9f',
  'dual-credit-nodes': 'band-2',
  'dual-credit-move': 'same',
  'effect-start-material': '5i5h',
  'effect-start-effect': 'different',
  'dtree-order-nodes': 'band-1',
  'dtree-prune-move': 'same',
  'end-gold-mate': 'mate',
  'end-pawn-only': 'no-mate',
};

describe('every exercise', () => {
  it('has a unique id, two or more choices, and a pinned answer', () => {
    const ids = EXERCISES.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of EXERCISES) expect(e.choices.length, e.id).toBeGreaterThanOrEqual(2);
    expect(Object.keys(ANSWERS).sort()).toEqual([...ids].sort());
  });

  it.each(EXERCISES.map((e) => [e.id, e] as const))(
    '%s: the engine answers with one of its choices',
    (id, exercise) => {
      const results = searchesOf(exercise.check).map((s) => {
        const options = resolveOptions(s.options);
        if (!options.ok) throw new Error(`${id}: ${options.error}`);
        const pos = parsePositionText(s.position);
        if (!pos.ok) throw new Error(`${id}: ${pos.error}`);
        return new Searcher(options.value).search(pos.value, s.limits);
      });
      const answer = answerOf(exercise, results);
      expect(exercise.choices.map((c) => c.id)).toContain(answer.choice);
      expect(answer.choice, `${id}: ${answer.because}`).not.toBe('other');
      expect(answer.because.length).toBeGreaterThan(10);
      expect(answer.choice, `${id}: ${answer.because}`).toBe(ANSWERS[id]);
    },
  );
});

describe('the chapters', () => {
  const dir = 'src/content/chapters';
  const placed = readdirSync(dir)
    .filter((f) => f.endsWith('.mdx'))
    .flatMap((f) =>
      [
        ...readFileSync(`${dir}/${f}`, 'utf8').matchAll(/<Exercise client:visible id="([^"]+)"/g),
      ].map((m) => ({ chapter: f.slice(0, -4), id: m[1]! })),
    );

  it('place every exercise once, in its own chapter, two to four a chapter', () => {
    expect(placed.map((p) => p.id).sort()).toEqual(EXERCISES.map((e) => e.id).sort());
    for (const p of placed)
      expect(EXERCISES.find((e) => e.id === p.id)?.chapter, p.id).toBe(p.chapter);
    for (const chapter of new Set(placed.map((p) => p.chapter))) {
      const n = exercisesOf(chapter).length;
      expect(n, chapter).toBeGreaterThanOrEqual(2);
      expect(n, chapter).toBeLessThanOrEqual(4);
    }
  });
});

describe('the reader’s answers', () => {
  const memory = (): Storage => {
    const data = new Map<string, string>();
    return {
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => void data.set(k, v),
      removeItem: (k) => void data.delete(k),
      clear: () => data.clear(),
      key: () => null,
      get length() {
        return data.size;
      },
    };
  };

  it('are kept, the latest per exercise, and counted by chapter', () => {
    const storage = memory();
    expect(loadAnswers(storage)).toEqual({});
    saveAnswer(storage, 'pruning-fork-threshold', { choice: '3g2e', right: false });
    saveAnswer(storage, 'pruning-fork-threshold', { choice: '4h4i', right: true });
    saveAnswer(storage, 'pruning-fork-checks', { choice: 'other', right: false });
    const progress = loadAnswers(storage);
    expect(progress['pruning-fork-threshold']).toEqual({ choice: '4h4i', right: true });
    const tally = tallyOf(exercisesOf('pruning'), progress);
    expect(tally).toEqual({ total: 3, answered: 2, right: 1 });
    expect(describeTally(tally)).toBe('2 of 3 exercises answered, 1 right');
    expect(describeTally(tallyOf(exercisesOf('horizon'), progress))).toBeNull();
  });

  it('read as none when what is kept is not theirs', () => {
    const storage = memory();
    storage.setItem(PROGRESS_KEY, 'not json');
    expect(loadAnswers(storage)).toEqual({});
    storage.setItem(PROGRESS_KEY, JSON.stringify({ a: { choice: 1, right: 'yes' }, b: null }));
    expect(loadAnswers(storage)).toEqual({});
    expect(loadAnswers(undefined)).toEqual({});
  });

  it('fall in bands at the bands’ upper ends', () => {
    expect(bandOf(0.1, [0.25, 0.5, 1])).toBe('band-0');
    expect(bandOf(0.25, [0.25, 0.5, 1])).toBe('band-0');
    expect(bandOf(0.3, [0.25, 0.5, 1])).toBe('band-1');
    expect(bandOf(1.5, [0.25, 0.5, 1])).toBe('band-3');
  });
});
