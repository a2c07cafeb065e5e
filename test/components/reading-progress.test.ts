import { describe, expect, it } from 'vitest';
import {
  describeProgress,
  loadProgress,
  parseProgress,
  PROGRESS_KEY,
  saveProgress,
  sectionStates,
  shareRead,
} from '../../src/components/layout/reading-progress';

/** An in-memory Storage with the two methods the module uses. */
const memory = (initial?: string) => {
  const data = new Map<string, string>();
  if (initial !== undefined) data.set(PROGRESS_KEY, initial);
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
};

describe('parseProgress', () => {
  it('keeps shares between 0 and 1 and drops the rest', () => {
    expect(parseProgress('{"horizon":0.5,"board":1,"bad":2,"worse":"x","neg":-0.1}')).toEqual({
      horizon: 0.5,
      board: 1,
    });
  });

  it('reads nothing from missing, broken or foreign storage', () => {
    expect(parseProgress(null)).toEqual({});
    expect(parseProgress('{not json')).toEqual({});
    expect(parseProgress('[0.5]')).toEqual({});
    expect(parseProgress('0.5')).toEqual({});
  });
});

describe('saveProgress', () => {
  it('stores the furthest share and never lowers it', () => {
    const storage = memory();
    expect(saveProgress(storage, 'horizon', 0.4)).toEqual({ horizon: 0.4 });
    expect(saveProgress(storage, 'horizon', 0.2)).toEqual({ horizon: 0.4 });
    saveProgress(storage, 'board', 0.1);
    expect(loadProgress(storage)).toEqual({ horizon: 0.4, board: 0.1 });
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadProgress(broken)).toEqual({});
    expect(saveProgress(broken, 'horizon', 0.5)).toEqual({ horizon: 0.5 });
  });
});

describe('shareRead', () => {
  it('is the part of the article above the window’s bottom edge', () => {
    expect(shareRead(1000, 4000, 500)).toBe(0);
    expect(shareRead(1000, 4000, 3000)).toBe(0.5);
    expect(shareRead(1000, 4000, 9000)).toBe(1);
    expect(shareRead(0, 0, 0)).toBe(1);
  });
});

describe('describeProgress', () => {
  it('says not started, a whole percentage, or read', () => {
    expect(describeProgress(undefined)).toBe('not started');
    expect(describeProgress(0)).toBe('not started');
    expect(describeProgress(0.001)).toBe('1% read');
    expect(describeProgress(0.4299)).toBe('42% read');
    expect(describeProgress(0.98)).toBe('read');
  });
});

describe('sectionStates', () => {
  const sections = [
    { id: 'a', top: 0, bottom: 1000 },
    { id: 'b', top: 1000, bottom: 2500 },
    { id: 'c', top: 2500, bottom: 4000 },
  ];

  it('marks the sections whose end the reader has passed', () => {
    expect([...sectionStates(sections, 2600, 0, 900).read]).toEqual(['a', 'b']);
  });

  it('takes as current the last section begun above a third of the window', () => {
    expect(sectionStates(sections, 0, 700, 900).current).toBe('b');
    expect(sectionStates(sections, 0, 0, 900).current).toBe('a');
    expect(sectionStates([{ id: 'a', top: 500, bottom: 900 }], 0, 0, 900).current).toBeUndefined();
  });
});
