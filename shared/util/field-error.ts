/**
 * An input error that names the offending field: the message reads "field: what is wrong", and
 * `field` stays available for callers that point at it (CLI flags, form fields, file fields).
 */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'FieldError';
  }
}
