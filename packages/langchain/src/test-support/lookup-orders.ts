import { tool } from '@langchain/core/tools';
import { z } from 'zod';

/** One record line of order `batch * 1000 + index`. */
export function orderLine(batch: number, index: number): string {
  const seed = (batch * 7919 + index * 104_729) % 100_003;
  return `order ${batch * 1000 + index} | customer C-${seed % 997} | status ${['shipped', 'pending', 'returned'][seed % 3]} | total ${((seed % 90_000) / 100).toFixed(2)} EUR`;
}

/** The `lookup` tool of the block-mode agent tests: 40 record lines for a batch. */
export const lookup = tool(
  async ({ batch }) => Array.from({ length: 40 }, (_, index) => orderLine(batch, index)).join('\n'),
  {
    name: 'lookup',
    description: 'Looks up the orders of a batch',
    schema: z.object({ batch: z.number() }),
  },
);
