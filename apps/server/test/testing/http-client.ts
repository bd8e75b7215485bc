import http from 'node:http';

/** A JSON response: its status and parsed body. */
export interface JsonResponse {
  status: number;
  body: unknown;
}

/** POSTs `body` (serialized unless it is already a string) and parses the JSON answer. */
export async function postJson(
  url: string,
  body: unknown,
  contentType = 'application/json',
): Promise<JsonResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** GETs `url` and parses the JSON answer. */
export async function getJson(url: string): Promise<JsonResponse> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

/**
 * Sends the headers of a JSON POST that declares a `content-length` of `declaredBytes`, without the
 * body, and reads the answer: what a server that checks the declared length (as Fastify does
 * against its body limit) answers before reading anything. (With the body, `fetch` would fail with
 * EPIPE when the server closes the connection early, hiding the answer.)
 */
export function postDeclaringLength(url: string, declaredBytes: number): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': declaredBytes },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          request.destroy();
          try {
            resolve({
              status: response.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
            });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    request.on('error', reject);
    request.flushHeaders();
  });
}
