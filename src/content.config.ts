import { defineCollection, z } from 'astro:content';
import { glob } from 'astro/loaders';

/** One MDX file per chapter; the file name is the slug (`board.mdx` is served at `/board/`). */
const chapters = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './src/content/chapters' }),
  schema: z.object({
    title: z.string(),
    /** Position in the book, from 1. */
    order: z.number().int().positive(),
    /** One sentence for the home page and the page description. */
    summary: z.string(),
    /** Seed ids of the source documents the chapter teaches ("000"…"004"); empty means all. */
    source: z.array(z.string().regex(/^\d{3}$/, 'a seed id such as "000"')),
    /** The chapter's title in Japanese. */
    japanese: z.string().optional(),
    /**
     * Further reading, listed at the end of the chapter after its source documents: papers, the
     * Chess Programming Wiki's pages, engines. A work without a link (a thesis) has no url.
     */
    references: z
      .array(
        z.object({
          title: z.string(),
          /** The authors, as the work names them. */
          by: z.string().optional(),
          /** Journal and year, or the site. */
          where: z.string().optional(),
          url: z.string().url().optional(),
          /** One line on why it is here. */
          note: z.string().optional(),
        }),
      )
      .default([]),
  }),
});

export const collections = { chapters };
