import { bestLine } from '../shared/othello/best-line.ts';
import { FFO_40_44 } from '../shared/othello/fforum-problems.ts';
const t0 = performance.now();
const l = bestLine(FFO_40_44[0].position, 14);
console.log(l.at(-1)!.value, FFO_40_44[0].score, l.length, ((performance.now() - t0) / 1000).toFixed(1) + ' s');
