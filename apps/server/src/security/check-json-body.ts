import { UnacceptableJsonError } from './http-edge-errors';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Checks a parsed JSON body before anything else touches it, in one pass without recursion: no
 * value nested deeper than `maxDepth` (validators and serializers recurse, and a deep enough body
 * overflows their stack), no string or property name holding a lone surrogate (it has no UTF-8
 * form, so it could be neither stored nor sent back), no `__proto__` key and no `prototype` key
 * inside a `constructor` one (see `forbiddenKey`), and a top-level `expectedRevision` that is a
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
      if (key === '__proto__') throw forbiddenKey(key, itemPath);
      if (key === 'constructor' && isObject(item) && Object.hasOwn(item, 'prototype')) {
        throw forbiddenKey('constructor.prototype', `${itemPath}.prototype`);
      }
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

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `__proto__` (and `constructor.prototype`) are refused rather than stored: as data they are
 * harmless only to code that copies JSON with `Object.fromEntries` or spreads, while any code
 * that copies by assignment (`copy[key] = value`, `Object.assign`, a deep merge) in the server,
 * a client or a tool that reads the history back would set an object's prototype instead of the
 * key: the value would vanish from the copy, or pollute the prototype.
 */
function forbiddenKey(key: string, path: string): UnacceptableJsonError {
  return new UnacceptableJsonError(
    'ForbiddenKey',
    `The key "${key}" (at ${describePath(path)}) is not accepted: code that copies the object by assignment would change its prototype instead of keeping the key. Rename the key.`,
  );
}
