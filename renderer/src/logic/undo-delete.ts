/**
 * History's delete with undo, for runs and studies alike: a deleted row is hidden at once and deleted
 * for good when its undo has passed (UNDO_MS), when another row is deleted, or when the view goes away
 * (`commit`); Undo within that time brings it back and nothing is deleted.
 */
import { ref, type Ref } from 'vue';

export const UNDO_MS = 8000;

export interface PendingDelete {
  /** the row being deleted (hidden), or null */
  pending: Ref<{ id: string; title: string } | null>;
  /** hide a row and delete it once its undo has passed (a row pending before is deleted now) */
  request(id: string, title: string): Promise<void>;
  /** bring the pending row back: nothing is deleted */
  undo(): void;
  /** delete the pending row now */
  commit(): Promise<void>;
}

export function pendingDelete(remove: (id: string) => Promise<void>, ms = UNDO_MS): PendingDelete {
  const pending = ref<{ id: string; title: string } | null>(null);
  let timer: ReturnType<typeof setTimeout> | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  function commit(): Promise<void> {
    const p = pending.value;
    if (!p) return Promise.resolve();
    clear();
    pending.value = null;
    return remove(p.id);
  }
  async function request(id: string, title: string): Promise<void> {
    await commit();
    pending.value = { id, title };
    timer = setTimeout(() => void commit(), ms);
  }
  function undo(): void {
    clear();
    pending.value = null;
  }
  return { pending, request, undo, commit };
}
