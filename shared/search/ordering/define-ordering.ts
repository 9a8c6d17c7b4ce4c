/**
 * A move ordering (./move-ordering.ts) from the fields that set it apart: what it costs the search
 * (`needsSize`, `needsValue`) and whether it breaks ties by `tie` (`usesTie`) are false unless it says
 * so, so each ordering names only what it uses.
 */
import type { MoveOrdering } from './move-ordering.ts';

type Flag = 'needsSize' | 'needsValue' | 'usesTie';

export function defineOrdering(o: Omit<MoveOrdering, Flag> & Partial<Pick<MoveOrdering, Flag>>): MoveOrdering {
  const { name, ...rest } = o;
  // name, the flags, then the rest: the property order of an ordering written out as a literal, so the
  // search reads one object layout whichever way an ordering was made
  return { name, needsSize: false, needsValue: false, usesTie: false, ...rest };
}
