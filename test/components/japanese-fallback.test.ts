/**
 * Which text needs the rest of the site's Japanese font (src/components/layout/japanese-fallback.ts):
 * a Japanese character that none of the site face's ranges holds. English, punctuation below
 * U+2E80 and the site's own characters never do.
 */
import { describe, expect, it } from 'vitest';
import { japaneseOutside } from '../../src/components/layout/japanese-fallback';
import { parseUnicodeRange } from '../../src/integrations/offline-fonts';

// 歩 (U+6B69), 金 (U+91D1) and the kana あ–お (U+3042–304A).
const site = parseUnicodeRange('U+3042-304a, U+6B69, u+91d1');

describe('japaneseOutside', () => {
  it('finds nothing in English, quotes and dashes, or in the face’s own characters', () => {
    expect(japaneseOutside('', site)).toBe(false);
    expect(japaneseOutside('Null move — “reading” ahead, 1–0 ×2', site)).toBe(false);
    expect(japaneseOutside('歩 and 金, あいう', site)).toBe(false);
  });

  it('finds a kanji, a kana or a character beyond U+FFFF that the face lacks', () => {
    expect(japaneseOutside('歩鰻', site)).toBe(true);
    expect(japaneseOutside('か', site)).toBe(true);
    expect(japaneseOutside('𠀋', site)).toBe(true);
    expect(japaneseOutside('金', [])).toBe(true);
  });
});
