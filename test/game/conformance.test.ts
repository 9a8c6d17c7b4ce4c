/** Runs the Game conformance suite (./conformance.ts) over every game in ./models-under-test.ts. */
import { describeGame } from './conformance.ts';
import { GAMES_UNDER_TEST } from './models-under-test.ts';

for (const { name, make, ...expectations } of GAMES_UNDER_TEST) describeGame(name, make, expectations);
