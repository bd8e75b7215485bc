/** An error the CLI reports as one line on stderr with a non-zero exit, never as a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    /** 1: bad input or a failed check; 2: bad usage; 3: a running server holds the store (`rebuild`). */
    readonly exitCode: number = 1,
  ) {
    super(message);
  }
}
