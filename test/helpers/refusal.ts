/**
 * What an input check says of an input: the message of the error it throws when that error is one of
 * the expected kinds, or 'accepted' when it throws nothing. Any other error is rethrown, so a crash
 * never passes for a refusal.
 */
type ErrorClass = abstract new (...args: any[]) => Error;

export function refusal(check: () => unknown, ...kinds: readonly ErrorClass[]): string {
  try {
    check();
  } catch (e) {
    if (kinds.some((k) => e instanceof k)) return (e as Error).message;
    throw e;
  }
  return 'accepted';
}
