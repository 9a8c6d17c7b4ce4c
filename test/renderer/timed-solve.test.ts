/**
 * The position solvers' clock (renderer/src/logic/timed-solve.ts): while a solve runs, the job's paced
 * report in words (seconds on its stopwatch, nodes, nodes/s); once it has completed, the duration the
 * view writes is the number History keeps, written as History writes it, and the result's own time is
 * that number too. The composable runs in a component of a renderer that draws nothing, over the
 * browser's host (in-process workers, studies kept in memory) as the page's platform.
 */
import { describe, expect, test, vi } from 'vitest';
import { createRenderer, defineComponent, nextTick } from 'vue';
import { solvingText, useTimedSolve } from '../../renderer/src/logic/timed-solve.ts';
import { formatDuration } from '../../renderer/src/logic/estimate.ts';
import { WebHost } from '../../renderer/src/platform/web-host.ts';
import { MemoryRunRecords } from '../../shared/host/record-run-store.ts';
import { MemoryStudyStore } from '../../shared/host/study-store.ts';
import { FFORUM_1_19 } from '../../shared/othello/fforum-problems.ts';
import { spawnInProcessWorker } from '../helpers/in-process-worker.ts';

const host = new WebHost({
  spawn: spawnInProcessWorker,
  workers: 1,
  store: new MemoryRunRecords(),
  studies: new MemoryStudyStore(),
  versions: { test: '1' },
  saveFile: async () => ({ saved: false }),
  openSpecFile: async () => null,
  renderFigure: async () => {
    throw new Error('no figures here');
  },
  renderStudyFigure: async () => {
    throw new Error('no figures here');
  },
});
vi.stubGlobal('gtlab', host);

/** A renderer whose nodes are plain objects: enough to mount a component and run its setup. */
const { createApp } = createRenderer<object, object>({
  createElement: () => ({}),
  createText: () => ({}),
  createComment: () => ({}),
  setText: () => {},
  setElementText: () => {},
  insert: () => {},
  remove: () => {},
  parentNode: () => null,
  nextSibling: () => null,
  patchProp: () => {},
});

/** useTimedSolve of kind K in a mounted component; unmount when done. */
function mounted<K extends 'c4' | 'othello'>() {
  let solver!: ReturnType<typeof useTimedSolve<K>>;
  const app = createApp(
    defineComponent({
      setup() {
        solver = useTimedSolve<K>();
        return () => null;
      },
    }),
  );
  app.mount({});
  return { solver, unmount: () => app.unmount() };
}

describe('the solvers’ clock', () => {
  test('while running: the latest report in words; nothing but "solving…" before one', () => {
    expect(solvingText(null)).toBe('solving…');
    expect(solvingText({ done: 5, total: 10 })).toBe('solving…');
    expect(solvingText({ done: 3_140_000, total: 0, ms: 2_500, perSecond: 1_256_000 })).toBe(
      'solving… 2.5 s · 3.1·10⁶ nodes · 1.3·10⁶ nodes/s',
    );
  });

  test.each([
    ['c4', { kind: 'c4', moves: '4455443', step: 'final', weak: false }],
    [
      'othello',
      { kind: 'othello', position: FFORUM_1_19[4].position, algorithm: 'mtdf', ordering: 'fastest-first', weak: false },
    ],
  ] as const)(
    '%s: the view writes the duration History keeps, and the result holds the same number',
    async (_, req) => {
      const { solver, unmount } = mounted<typeof req.kind>();
      expect(solver.duration.value).toBe('–');
      await solver.solve(req as never);
      await nextTick();
      const result = solver.result.value!;
      expect(result).not.toBeNull();
      await vi.waitFor(async () => expect(await host.listStudies()).toHaveLength(req.kind === 'c4' ? 1 : 2));
      const row = (await host.listStudies()).find((s) => s.kind === req.kind)!;
      expect(solver.duration.value).toBe(formatDuration(row.ms)); // History's column writes formatDuration(ms)
      const resultMs = 'ms' in result ? result.ms : result.seconds * 1000;
      expect(formatDuration(resultMs)).toBe(solver.duration.value);
      if ('ms' in result) expect(result.ms).toBe(row.ms);
      else expect(result.seconds).toBe(row.ms / 1000);
      unmount();
    },
  );
});
