/**
 * The board figures of the solve studies (shared/figures/board-figure.ts, drawn by
 * shared/connect4/c4-board-figure.ts and shared/othello/othello-board-figure.ts): each disc on its
 * square, each principal-variation move numbered on the empty square it plays, read back from the
 * option's graphic elements; a hand-checked Connect-Four position, random legal move strings, and an
 * FForum position solved by the study; and every figure renders to an SVG with its title.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { renderSvg } from '../../node/render-figure.ts';
import { c4BoardOption } from '../../shared/connect4/c4-board-figure.ts';
import { c4Study } from '../../shared/connect4/c4-study.ts';
import { Position } from '../../shared/connect4/position.ts';
import { othelloBoardOption } from '../../shared/othello/othello-board-figure.ts';
import { othelloStudy } from '../../shared/othello/othello-study.ts';
import type { StudyContext } from '../../shared/studies/study-descriptor.ts';
import { Stopwatch } from '../../shared/util/stopwatch.ts';

interface Drawn {
  discs: { col: number; row: number; fill: string }[];
  labels: { col: number; row: number; text: string }[];
}

const SQUARE = 34;

/** The discs and square labels of a board option, by square (edge names left out: they lie outside the board). */
function drawn(option: Record<string, unknown>): Drawn {
  const group = (option.graphic as { elements: { children: Record<string, any>[] }[] }).elements[0];
  const at = (x: number, y: number) => ({ col: Math.floor(x / SQUARE), row: Math.floor(y / SQUARE) });
  const discs = group.children
    .filter((c) => c.type === 'circle')
    .map((c) => ({ ...at(c.shape.cx, c.shape.cy), fill: c.style.fill as string }));
  const labels = group.children
    .filter((c) => c.type === 'text' && c.x > 0 && c.y > 0)
    .map((c) => ({ ...at(c.x, c.y), text: c.style.text as string }));
  return { discs, labels };
}

const run = <Q, R>(d: { run(q: Q, ctx: StudyContext): R }, q: Q): R =>
  d.run(q, { progress: () => {}, report: () => {}, watch: new Stopwatch() });

describe('Connect-Four board figure', () => {
  test('4455: red 1 and 3 on the bottom row of columns 4 and 5, yellow 2 and 4 above them', () => {
    const { result } = run(c4Study, { kind: 'c4', moves: '4455', step: 'final', weak: false });
    const d = drawn(c4BoardOption(result));
    const red = d.discs.find((x) => x.col === 3 && x.row === 5)!.fill;
    const yellow = d.discs.find((x) => x.col === 3 && x.row === 4)!.fill;
    expect(red).not.toBe(yellow);
    expect(d.discs).toEqual(
      expect.arrayContaining([
        { col: 3, row: 5, fill: red },
        { col: 3, row: 4, fill: yellow },
        { col: 4, row: 5, fill: red },
        { col: 4, row: 4, fill: yellow },
      ]),
    );
    expect(d.discs).toHaveLength(4);
    expect(d.labels).toEqual([
      { col: 3, row: 5, text: '1' },
      { col: 3, row: 4, text: '2' },
      { col: 4, row: 5, text: '3' },
      { col: 4, row: 4, text: '4' },
    ]);
  });

  test('property: any legal game so far — one disc per stone, stacked from the bottom, colours alternating with the numbers', () => {
    const legalMoves = fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 30 }).map((cols) => {
      const p = new Position();
      let s = '';
      for (const c of cols)
        if (p.canPlay(c - 1) && !p.isWinningMove(c - 1)) {
          p.play(c - 1);
          s += String(c);
        }
      return s;
    });
    fc.assert(
      fc.property(legalMoves, (moves) => {
        const d = drawn(
          c4BoardOption({ moves, stones: moves.length, score: 0, weak: false, step: 'final', visited: 0 }),
        );
        expect(d.discs).toHaveLength(moves.length);
        expect(d.labels.map((l) => l.text)).toEqual([...moves].map((_, i) => String(i + 1)));
        for (let c = 0; c < 7; c++) {
          const rows = d.discs.filter((x) => x.col === c).map((x) => x.row);
          const n = [...moves].filter((m) => Number(m) === c + 1).length;
          expect(rows.sort((a, b) => b - a)).toEqual(Array.from({ length: n }, (_, k) => 5 - k));
        }
        const fillOf = (l: { col: number; row: number }) =>
          d.discs.find((x) => x.col === l.col && x.row === l.row)!.fill;
        d.labels.forEach((l, i) => {
          if (i >= 2) expect(fillOf(l)).toBe(fillOf(d.labels[i - 2]));
          if (i >= 1) expect(fillOf(l)).not.toBe(fillOf(d.labels[i - 1]));
        });
      }),
    );
  });
});

describe('Othello board figure', () => {
  test('an FForum position solved by the study: its discs as the position has them, the line numbered on empty squares', () => {
    const { result } = run(othelloStudy, othelloStudy.example);
    const d = drawn(othelloBoardOption(result));
    const board = result.position.split(' ')[0];
    const expected = [...board].flatMap((ch, s) => (ch === '-' ? [] : [{ col: s % 8, row: Math.floor(s / 8), ch }]));
    expect(d.discs.map(({ col, row }) => ({ col, row }))).toEqual(expected.map(({ col, row }) => ({ col, row })));
    // two colours, as the position's two sides
    const fillOf = new Map(expected.map((e, i) => [e.ch, d.discs[i].fill]));
    expect(fillOf.size).toBe(2);
    expected.forEach((e, i) => expect(d.discs[i].fill).toBe(fillOf.get(e.ch)));
    const played = result.line.filter((m) => /^[A-H][1-8]$/.test(m));
    expect(played.length).toBeGreaterThan(0);
    expect(d.labels.map((l) => l.text)).toEqual(played.map((_, i) => String(i + 1)));
    d.labels.forEach((l, i) => {
      expect(board[l.row * 8 + l.col]).toBe('-');
      expect(`${'ABCDEFGH'[l.col]}${l.row + 1}`).toBe(played[i]);
    });
  });

  test('each study draws its board through its descriptor, to an SVG with its title', () => {
    const othello = run(othelloStudy, othelloStudy.example);
    const svg = renderSvg(othelloStudy.figure!(othello, {}));
    expect(svg).toContain(`score ${othello.result.score > 0 ? '+' : ''}${othello.result.score}`);
    const c4 = run(c4Study, { kind: 'c4', moves: '4455', step: 'final', weak: false });
    expect(renderSvg(c4Study.figure!(c4, {}))).toContain('Connect-Four after 4455');
  });
});
