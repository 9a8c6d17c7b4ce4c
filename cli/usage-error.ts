/** Bad input from the command line or a file: reported with the field it concerns, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
