/** `--help` on a command: its text is on stdout already; the dispatcher ends the command with exit 0. */
export class HelpRequested extends Error {
  constructor() {
    super('help shown');
    this.name = 'HelpRequested';
  }
}
