/** One test per bad command line of an in-process gtlab command: refused with a UsageError that says what is wrong. */
import { expect, test } from 'vitest';
import { UsageError } from '../../cli/usage-error.ts';

/** A bad command line: the test's name, the arguments, and what the message must say. */
export type BadInput = [name: string, argv: string[], message: RegExp];

export function testBadInputs(run: (...argv: string[]) => Promise<unknown>, bad: BadInput[]): void {
  for (const [name, argv, message] of bad) {
    test(`bad input: ${name}`, async () => {
      await expect(run(...argv)).rejects.toThrow(UsageError);
      await expect(run(...argv)).rejects.toThrow(message);
    });
  }
}
