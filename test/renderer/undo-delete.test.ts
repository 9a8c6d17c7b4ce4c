/** History's delete with undo (renderer/src/logic/undo-delete.ts), runs and studies alike, on fake timers. */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { pendingDelete, UNDO_MS } from '../../renderer/src/logic/undo-delete.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('delete with undo', () => {
  test('hidden at once, deleted when the undo has passed; undo deletes nothing', async () => {
    const removed: string[] = [];
    const d = pendingDelete(async (id) => void removed.push(id));
    await d.request('a', 'run a');
    expect(d.pending.value).toEqual({ id: 'a', title: 'run a' });
    await vi.advanceTimersByTimeAsync(UNDO_MS - 1);
    expect(removed).toEqual([]);
    d.undo();
    expect(d.pending.value).toBeNull();
    await vi.advanceTimersByTimeAsync(2 * UNDO_MS);
    expect(removed).toEqual([]);
    await d.request('b', 'study b');
    await vi.advanceTimersByTimeAsync(UNDO_MS);
    expect(removed).toEqual(['b']);
    expect(d.pending.value).toBeNull();
  });

  test('a second delete deletes the first now; commit (History left) deletes the pending one once', async () => {
    const removed: string[] = [];
    const d = pendingDelete(async (id) => void removed.push(id));
    await d.request('a', 'a');
    await d.request('b', 'b');
    expect(removed).toEqual(['a']);
    expect(d.pending.value?.id).toBe('b');
    await d.commit();
    await d.commit();
    await vi.advanceTimersByTimeAsync(2 * UNDO_MS);
    expect(removed).toEqual(['a', 'b']);
  });
});
