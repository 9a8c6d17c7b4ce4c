/**
 * The trace recorder keeps each node's ply in a byte: a game that can grow taller than 255 plies is
 * refused when the recorder is made, with the limit and the game's height in the message.
 */
import { describe, expect, test } from 'vitest';
import { ForwardingGame } from '../../shared/game/forwarding-game.ts';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { TraceRecorder } from '../../shared/trace/trace-recorder.ts';
import { TraceRegion } from '../../shared/trace/trace-region.ts';

class Tall extends ForwardingGame {
  constructor(private readonly height: number) {
    super(new PrefixValueTree({ height: 4, bmin: 2, bmax: 3, damage: 2, seed: 1, tree: 0 }));
  }
  override get maxPly(): number {
    return this.height;
  }
}

const region = new TraceRegion({ maxPly: 2, focus: [], focusMaxPly: 2 });

describe('trace recorder', () => {
  test('a game taller than 255 plies is refused; 255 plies are recorded', () => {
    expect(() => new TraceRecorder(new Tall(256), ['a'], region)).toThrow(
      /trees taller than 255 plies are not supported \(maxPly 256\)/,
    );
    expect(new TraceRecorder(new Tall(255), ['a'], region).nodes).toBe(1);
  });
});
