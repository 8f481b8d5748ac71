import { jsonSchema, type ToolSet, tool } from 'ai';
import { lookupResult } from './lookup-agent.ts';

/** The scripted agent's one tool: `lookup` answers a batch's 40 order records. */
export const lookupTools: ToolSet = {
  lookup: tool({
    description: 'Looks up the orders of a batch.',
    inputSchema: jsonSchema<{ batch: number }>({
      type: 'object',
      properties: { batch: { type: 'integer' } },
      required: ['batch'],
    }),
    execute: async ({ batch }) => lookupResult(batch),
  }),
};
