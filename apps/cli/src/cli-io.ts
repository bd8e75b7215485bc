/** The streams and environment a command talks to; injected so tests can run commands in-process. */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** Where a progress bar may draw: the terminal behind stderr, absent when it is not a TTY. */
  terminal?: NodeJS.WriteStream;
  /** The environment the store is configured from (`DATA_DIR`, `EVENT_STORE`, …); default `process.env`. */
  env?: Record<string, string | undefined>;
}

/** Reads a whole stream as UTF-8 text. */
export async function readAllText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
