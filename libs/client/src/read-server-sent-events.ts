/** One Server-Sent Event. */
export interface ServerSentEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * Parses a `text/event-stream` body into events (the WHATWG rules the server's stream needs:
 * `id`, `event`, `data` lines, comments, CRLF or LF). `retry:` lines are left to the caller.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event: { id?: string; event?: string; data: string[] } = { data: [] };
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r?\n/)) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer[newline] === '\r' ? 2 : 1));
        if (line === '') {
          if (event.data.length > 0) {
            yield {
              ...(event.id === undefined ? {} : { id: event.id }),
              event: event.event ?? 'message',
              data: event.data.join('\n'),
            };
          }
          event = { data: [] };
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') event.data.push(value);
        else if (field === 'event') event.event = value;
        else if (field === 'id') event.id = value;
      }
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}
