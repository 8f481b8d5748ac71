import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * vitest runs a layer's projects one after another, each project's files longest first
 * (by the last run's times, or file size on a first run), projects in name order. The
 * last project's longest file then starts near the end and runs while the other worker
 * idles: `reliability`'s fault-injection suite (8 s, mostly waiting out attempt timeouts)
 * ended `test:source` alone. Projects here run in order of their longest file instead, so
 * the run ends on short files. Files within a project keep vitest's order.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const cache = this.ctx.cache;
    // A first run has no times: file sizes then, as vitest itself falls back to.
    const timed = sorted.every((spec) => cache.getTestSpecificationResult(spec) !== undefined);
    const weight = (spec: TestSpecification) =>
      timed
        ? (cache.getTestSpecificationResult(spec)?.duration ?? 0)
        : statSync(spec.moduleId).size;
    const blocks = new Map<
      string,
      { order: number; longest: number; specs: TestSpecification[] }
    >();
    for (const spec of sorted) {
      const key = `${spec.project.config.sequence.groupOrder}\u0000${spec.project.name}`;
      let block = blocks.get(key);
      if (!block) {
        block = { order: spec.project.config.sequence.groupOrder, longest: 0, specs: [] };
        blocks.set(key, block);
      }
      block.longest = Math.max(block.longest, weight(spec));
      block.specs.push(spec);
    }
    return [...blocks.values()]
      .sort((a, b) => a.order - b.order || b.longest - a.longest)
      .flatMap((block) => block.specs);
  }
}
