/**
 * The order test files start in: one project after another, the project with the longest files
 * first, and within a project the longest file first, so that the workers end together instead of
 * one running a long file alone at the end (the many short unit files, last, fill the gap).
 *
 * Files of one project follow each other because a worker is kept only while it runs files of the
 * same project (isolate: false): a file of another project starts a new process that loads the
 * application again, about 7 s of CPU each time. Ordering by time alone, across projects, made that
 * happen about thirty times a run.
 *
 * Without vitest's results cache (a fresh clone, as CI runs) its own order would put the largest
 * files first, and file size says little about time here (a short file may read a 30-page book). A
 * file's time is vitest's cached one when there is a cache, else the one measured in
 * test/file-durations.json (test/support/file-durations.mjs writes it). Files known to neither (new
 * ones) come after the others of their project, the largest first, as vitest would order them.
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
      return { project: spec.project.name, ms, size: this.ctx.cache.getFileStats(key)?.size ?? 0 };
    };
    const keyed = files.map((spec) => ({ spec, ...order(spec) }));
    const longestOf = new Map<string, number>();
    for (const k of keyed) longestOf.set(k.project, Math.max(longestOf.get(k.project) ?? -1, k.ms));
    keyed.sort(
      (a, b) =>
        longestOf.get(b.project)! - longestOf.get(a.project)! || a.project.localeCompare(b.project) || b.ms - a.ms || b.size - a.size,
    );
    return Promise.resolve(keyed.map((k) => k.spec));
  }
}
