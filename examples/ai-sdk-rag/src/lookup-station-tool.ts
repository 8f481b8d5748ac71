import { tool } from 'ai';
import { z } from 'zod';
import type { StationRecord } from './station-directory.ts';

/** The `lookupStation` tool: one station's row from the handbook's zone tables. */
export function lookupStationTool(directory: ReadonlyMap<string, StationRecord>) {
  return tool({
    description:
      'Look up a Kestrel Bay Bike Share station by its code (such as WF-03 or DT-02): name, size, docks and notes.',
    inputSchema: z.object({
      code: z
        .string()
        .regex(/^[A-Za-z]{2}-(?:\d{2}|[Vv]\d)$/, 'code must look like WF-03: zone, dash, number'),
    }),
    execute: async ({ code }) => {
      const station = directory.get(code.toUpperCase());
      if (!station) return { found: false as const, code: code.toUpperCase() };
      return {
        found: true as const,
        code: station.code,
        ...station.fields,
        source: station.source,
      };
    },
  });
}
