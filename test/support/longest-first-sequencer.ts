/**
 * The order test files start in: the longest first, whatever their project, so that the two workers
 * end together instead of one running a long file alone at the end. Vitest's own order runs the
 * projects one after another and, without its results cache (a fresh clone, as CI runs), the
 * largest files first; file size says little about time here (a short file may read a 30-page book).
 * A file's time is vitest's cached one when there is a cache, else the one measured in
 * test/file-durations.json (test/support/file-durations.mjs writes it). Files known to neither
 * (new ones) come after, the largest first, as vitest would order them.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const measured = JSON.parse(readFileSync(new URL('../file-durations.json', import.meta.url), 'utf8')) as {
  seconds: Record<string, number>;
};

export class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const order = (spec: TestSpecification) => {
      const path = relative(root, spec.moduleId);
      const key = `${spec.project.name}:${path}`;
      const seconds = measured.seconds[path];
      const ms = this.ctx.cache.getFileTestResults(key)?.duration ?? (seconds === undefined ? -1 : seconds * 1000);
      return { ms, size: this.ctx.cache.getFileStats(key)?.size ?? 0 };
    };
    const keyed = files.map((spec) => ({ spec, ...order(spec) }));
    keyed.sort((a, b) => b.ms - a.ms || b.size - a.size);
    return Promise.resolve(keyed.map((k) => k.spec));
  }
}
