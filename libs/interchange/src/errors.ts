/** A source the importer cannot read: what was wrong, where, and what is accepted. */
export class InvalidImportSourceError extends Error {
  readonly code = 'InvalidImportSource';
  constructor(
    message: string,
    /** Where in the source (`line 12`, `messages[3].parts[1]`). */
    readonly location?: string,
  ) {
    super(location === undefined ? message : `${location}: ${message}`);
    this.name = 'InvalidImportSourceError';
  }
}
