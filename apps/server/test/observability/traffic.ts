/** A user message of `sessionId` with id `id`. */
export function userMessage(sessionId: string, id: string): Record<string, unknown> {
  return {
    id,
    sessionId,
    kind: 'user_input',
    role: 'user',
    createdAt: '2026-04-08T10:00:00Z',
    content: 'Hello',
  };
}

/** Appends one user message; resolves with the append's position. */
export async function append(
  url: string,
  sessionId: string,
  id: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const response = await fetch(`${url}/v1/sessions/${sessionId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ messages: [userMessage(sessionId, id)] }),
  });
  if (response.status !== 200) {
    throw new Error(`The append answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { position: number }).position;
}

/** One sample of the Prometheus text format: its name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1]!] = pair[2]!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples named `name` whose labels include `labels`. */
export function samplesOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): Sample[] {
  return samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The sum of the values of the samples named `name` with `labels`. */
export function total(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samplesOf(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}
