import { tool } from 'ai';
import { z } from 'zod';
import { reportPage } from '../../../../test/support/tool-loop.ts';

/** A tool whose results are long report pages, as search and database tools return. */
export const readReport = tool({
  description: 'Reads one page of the shipment report',
  inputSchema: z.object({ page: z.number() }),
  execute: async ({ page }) => reportPage(page),
});

/** Another long-result tool, to exclude by name. */
export const calendar = tool({
  description: 'Reads the shipping calendar',
  inputSchema: z.object({ page: z.number() }),
  execute: async ({ page }) => reportPage(100 + page),
});
