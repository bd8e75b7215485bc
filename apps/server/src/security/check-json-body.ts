import { UnacceptableJsonError } from './http-edge-errors';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Checks a parsed JSON body before anything else touches it, in one pass without recursion: no
 * value nested deeper than `maxDepth` (validators and serializers recurse, and a deep enough body
 * overflows their stack), no string or property name holding a lone surrogate (it has no UTF-8
 * form, so it could be neither stored nor sent back), and a top-level `expectedRevision` that is a
 * safe integer when it is a number (past 2^53, revisions are no longer exact).
 */
export function checkJsonBody(body: unknown, options: { maxDepth: number }): void {
  const pending: { value: unknown; depth: number; path: string }[] = [
    { value: body, depth: 0, path: '' },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth, path } = next;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) throw loneSurrogate(path);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= options.maxDepth) {
      throw new UnacceptableJsonError(
        'JsonTooDeep',
        `The request body is nested more than ${options.maxDepth} levels deep (at ${describePath(path)}); the limit is MAX_JSON_DEPTH.`,
      );
    }
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) =>
        pending.push({ value: item, depth: depth + 1, path: `${path}[${index}]` }),
      );
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path === '' ? key : `${path}.${key}`;
      if (LONE_SURROGATE.test(key)) throw loneSurrogate(path === '' ? '(a property name)' : path);
      pending.push({ value: item, depth: depth + 1, path: itemPath });
    }
  }
  checkExpectedRevision(body);
}

function checkExpectedRevision(body: unknown): void {
  if (typeof body !== 'object' || body === null || !('expectedRevision' in body)) return;
  const revision = body.expectedRevision;
  if (
    typeof revision === 'number' &&
    Number.isInteger(revision) &&
    !Number.isSafeInteger(revision)
  ) {
    throw new UnacceptableJsonError(
      'RevisionOutOfRange',
      `expectedRevision ${revision} is beyond ${Number.MAX_SAFE_INTEGER} (2^53 - 1), the largest revision a JSON number holds exactly; expected -1 or a revision the server returned.`,
    );
  }
}

/** A path short enough for a message: a 1,700-level path is mostly `[0]`s. */
function describePath(path: string): string {
  if (path === '') return 'the top';
  return path.length <= 80 ? path : `${path.slice(0, 40)}…${path.slice(-40)}`;
}

function loneSurrogate(path: string): UnacceptableJsonError {
  return new UnacceptableJsonError(
    'InvalidText',
    `${path === '' ? 'The body' : path} holds a lone UTF-16 surrogate (an unpaired \\uD800–\\uDFFF escape), which is not text; send well-formed Unicode.`,
  );
}
