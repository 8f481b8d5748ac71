import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    // Every test stops what it started; a leaked socket or timer shows up as a hang here.
    teardownTimeout: 10_000,
  },
});
