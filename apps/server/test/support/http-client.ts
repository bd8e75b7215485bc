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
