/**
 * `gtlab c4`: called in process (the command function) and, once cli/main.ts registers it, as a real
 * child process like test/cli/cli.test.ts.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { C4_HELP, c4 } from '../../cli/commands/c4.ts';
import { Position } from '../../shared/connect4/position.ts';
import { Solver } from '../../shared/connect4/solver.ts';
import { ArrayBoard, randomPosition, referenceScore } from './reference.ts';
import { runCommand } from '../helpers/run-command.ts';
import { type BadInput, testBadInputs } from '../helpers/usage-errors.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';

let dir = '';
let file = '';
const lines: { moves: string; score: number }[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gtlab-c4-'));
  for (let i = 0; i < 12; i++) {
    const moves = randomPosition(300 + i, 30 + i, true);
    lines.push({ moves, score: referenceScore(ArrayBoard.fromMoves(moves)) });
  }
  file = join(dir, 'late.txt');
  // the last line carries a wrong score on purpose
  writeFileSync(
    file,
    `${lines.map((l, i) => `${l.moves} ${i === lines.length - 1 ? l.score + 1 : l.score}`).join('\n')}\n`,
  );
});

const run = (...argv: string[]) => runCommand(c4, argv);

describe('gtlab c4 (in process)', () => {
  test("solve --json gives the solver's score and count for every step", async () => {
    const moves = lines[3].moves;
    const solver = new Solver();
    for (const step of ['minimax', 'alphabeta', 'order', 'tt', 'id', 'losing', 'sorted', 'final']) {
      const r = await run('solve', moves, '--step', step, '--json');
      expect(r.code).toBe(0);
      const j = JSON.parse(r.stdout);
      const want = solver.solve(Position.parse(moves), step as never);
      expect(j).toMatchObject({ score: want.score, visited: want.visited, step, weak: false, stones: moves.length });
      expect(j.score).toBe(lines[3].score);
    }
    const weak = JSON.parse((await run('solve', moves, '--weak', '--json')).stdout);
    expect(Math.sign(weak.score)).toBe(Math.sign(lines[3].score));
    expect(weak).toMatchObject({ step: 'final', weak: true });
  });

  test('bench --json counts the correct scores (one line is wrong on purpose) and the mean count', async () => {
    const r = await run('bench', file, '--step', 'sorted', '--json');
    const j = JSON.parse(r.stdout);
    const s = new Solver();
    const mean = lines.reduce((a, l) => a + s.solve(Position.parse(l.moves), 'sorted').visited, 0) / lines.length;
    expect(j).toMatchObject({ positions: 12, correct: 11, meanVisited: mean, step: 'sorted', weak: false });
    expect(j.positionsPerSecond).toBeGreaterThan(0);
    // --limit takes a prefix (here without the wrong line); weak checks the sign
    const w = JSON.parse((await run('bench', file, '--weak', '--limit', '5', '--json')).stdout);
    expect(w).toMatchObject({ positions: 5, correct: 5, weak: true });
  });

  test('bench exits 1 when a score differs from the file, naming its line; 0 when every score agrees', async () => {
    const wrong = await runCommand(c4, ['bench', file, '--step', 'sorted'], { quietStderr: true });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/11\/12 correct/);
    const one = join(dir, 'one-wrong.txt');
    writeFileSync(one, `${lines[0].moves} ${lines[0].score === 0 ? 1 : -lines[0].score}\n`);
    const alone = runGtlab(['c4', 'bench', one]);
    expect(alone.code).toBe(1);
    expect(alone.stdout).toMatch(/0\/1 correct/);
    expect(alone.stderr).toMatch(/c4 bench: 1 of 1 positions scored differently from .*one-wrong\.txt: line 1 /);
    expect((await run('bench', file, '--limit', '5')).code).toBe(0);
    expect(C4_HELP).toMatch(/Exit code: 0 when solved .* 1 when bench got a score other than\nFILE's/);
  });

  test('text output and --help', async () => {
    expect((await run('solve', '4455', '--step', 'final')).stdout).toMatch(
      /^4455: score -?\d+, visited \d+ \(final\)\n$/,
    );
    const h = await run('--help');
    expect(h).toEqual({ code: 0, stdout: C4_HELP });
  });

  const bad: BadInput[] = [
    ['bad character', ['solve', '4455x'], /character "x" at position 5 is not a column/],
    ['full column', ['solve', '4444444'], /position 7 plays column 4, which is already full/],
    ['already won', ['solve', '1212121'], /position 7 plays column 1 and makes four in a row/],
    ['unknown step', ['solve', '44', '--step', 'magic'], /--step magic is not allowed: use one of minimax, alphabeta/],
    ['weak minimax', ['solve', '44', '--step', 'minimax', '--weak'], /--weak is not allowed with --step minimax/],
    ['no subcommand', [], /c4 needs a subcommand: solve or bench/],
    ['two positions', ['solve', '44', '55'], /exactly one MOVES/],
    ['node limit', ['solve', '4455', '--step', 'order', '--max-nodes', '50'], /stopped after 50 nodes/],
    ['missing file', ['bench', 'no-such-file.txt'], /no-such-file\.txt: no such file/],
  ];
  testBadInputs(run, bad);

  test('bad input: a malformed bench line names the file and line', async () => {
    const f = join(dir, 'bad.txt');
    writeFileSync(f, `${lines[0].moves} ${lines[0].score}\n44x5 3\n`);
    await expect(run('bench', f)).rejects.toThrow(/bad\.txt line 2: moves "44x5": character "x" at position 3/);
    writeFileSync(f, `${lines[0].moves} 30\n`);
    await expect(run('bench', f)).rejects.toThrow(
      /bad\.txt line 1: score 30 is not allowed: it must be an integer in \[-21\.\.21\]/,
    );
  });
});

// The real process, once the lead registers the command in cli/main.ts (until then these are skipped).

describe('gtlab c4 as a process', () => {
  const gtlab = (...args: string[]) => runGtlab(args, dir);

  test('solve and bench print one JSON object; bad input exits 2 naming the problem', () => {
    const s = gtlab('c4', 'solve', lines[0].moves, '--json');
    expect(s.code).toBe(0);
    expect(JSON.parse(s.stdout)).toMatchObject({ score: lines[0].score });
    const b = gtlab('c4', 'bench', file, '--json'); // its last line's score is wrong on purpose
    expect(b.code).toBe(1);
    expect(JSON.parse(b.stdout)).toMatchObject({ positions: 12, correct: 11 });
    const e = gtlab('c4', 'solve', '4455x');
    expect(e.code).toBe(2);
    expect(e.stderr).toMatch(/character "x" at position 5/);
    expect(e.stdout).toBe('');
    expect(gtlab('c4', '--help').code).toBe(0);
  });
});
