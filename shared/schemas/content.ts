import { z } from 'zod';
import { CONTENT_PAGES } from '../content';

export const contentPageName = z.enum(CONTENT_PAGES);

export const contentUpdate = z.object({
  title: z.string().trim().min(1, 'Title is required.').max(200),
  html: z.string().trim().min(1, 'Html is required.').max(200_000),
});
export type ContentUpdate = z.infer<typeof contentUpdate>;

export const contentEntry = z.object({
  id: z.number(),
  page: z.string(),
  title: z.string(),
  html: z.string(),
});
export type ContentEntry = z.infer<typeof contentEntry>;
