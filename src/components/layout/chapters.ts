import { getCollection, type CollectionEntry } from 'astro:content';
import { BOOK_PLAN } from './book-plan';

export type Chapter = CollectionEntry<'chapters'>;

/** The written chapters, in book order. */
export async function writtenChapters(): Promise<Chapter[]> {
  const chapters = await getCollection('chapters');
  return chapters.sort((a, b) => a.data.order - b.data.order);
}

/** One line of the table of contents: a written chapter links to its page, a planned one does not. */
export interface ContentsEntry {
  order: number;
  slug: string;
  title: string;
  japanese: string | undefined;
  summary: string;
  written: boolean;
}

/** The whole book: written chapters from their frontmatter, the rest from the plan. */
export async function tableOfContents(): Promise<ContentsEntry[]> {
  const written = new Map((await writtenChapters()).map((chapter) => [chapter.id, chapter]));
  const entries: ContentsEntry[] = BOOK_PLAN.map((planned) => {
    const chapter = written.get(planned.slug);
    return chapter
      ? {
          order: chapter.data.order,
          slug: chapter.id,
          title: chapter.data.title,
          japanese: chapter.data.japanese ?? planned.japanese,
          summary: chapter.data.summary,
          written: true,
        }
      : { ...planned, written: false };
  });
  for (const chapter of written.values()) {
    if (!BOOK_PLAN.some((planned) => planned.slug === chapter.id)) {
      entries.push({
        order: chapter.data.order,
        slug: chapter.id,
        title: chapter.data.title,
        japanese: chapter.data.japanese,
        summary: chapter.data.summary,
        written: true,
      });
    }
  }
  return entries.sort((a, b) => a.order - b.order);
}
