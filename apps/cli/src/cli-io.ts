/** The streams a command talks to; injected so tests can run commands in-process. */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

/** Reads a whole stream as UTF-8 text. */
export async function readAllText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8');
}
