import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    // vitest leaves a core to itself by default (cores - 1 workers): on 2 cores, one test file
    // at a time. Most files here spend their time waiting on servers, child processes, a
    // browser or real deadlines (in one run, 88 s of CPU in 638 s inside test files), so a
    // worker per core keeps both cores busy.
    maxWorkers: availableParallelism(),
    // Every test stops what it started; a leaked socket or timer shows up as a hang here.
    teardownTimeout: 10_000,
  },
});
