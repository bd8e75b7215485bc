import type { ErrorObject } from 'ajv/dist/2020';

/** More complaints than this about one payload help nobody; the rest are counted. */
const MAX_COMPLAINTS = 20;

const JSON_TYPES = ['null', 'boolean', 'number', 'string', 'array', 'object'];

/**
 * Turns ajv's errors into complaints a person can act on: `<path>: <what is wrong>`, where the
 * path starts at `root` (`data/content/0/toolCallId: must be string`) and the message says what
 * would be accepted (allowed values, allowed fields, the expected shape).
 */
export function describeSchemaErrors(
  errors: readonly ErrorObject[] | null | undefined,
  root: string,
): string[] {
  const complaints = [
    ...new Set((errors ?? []).flatMap((error) => describeSchemaError(error, root))),
  ];
  if (complaints.length <= MAX_COMPLAINTS) return complaints;
  return [
    ...complaints.slice(0, MAX_COMPLAINTS),
    `…and ${complaints.length - MAX_COMPLAINTS} more complaints`,
  ];
}

function describeSchemaError(error: ErrorObject, root: string): string[] {
  const path = joinPath(root, error.instancePath);
  const child = (name: unknown): string => joinPath(root, `${error.instancePath}/${String(name)}`);
  const params: Record<string, unknown> = error.params;
  switch (error.keyword) {
    case 'required':
      return [`${child(params['missingProperty'])}: is required`];
    case 'additionalProperties':
      return [`${child(params['additionalProperty'])}: is not allowed here${allowedFields(error)}`];
    case 'type':
      return [`${path}: must be ${describeTypes(params['type'])}${expected(error)}`];
    case 'const':
      return [`${path}: must be ${JSON.stringify(params['allowedValue'])}`];
    case 'enum':
      return [`${path}: must be one of ${listValues(params['allowedValues'])}`];
    case 'format':
      return [`${path}: must be ${describeFormat(params['format'])}`];
    case 'minItems':
      return [`${path}: must not be empty${expected(error)}`];
    case 'minLength':
      return [`${path}: must not be empty`];
    case 'discriminator':
      // The `enum` on the same `type` field already says which values are allowed.
      return [];
    default:
      return [`${path}: ${error.message ?? `fails "${error.keyword}"`}`];
  }
}

function joinPath(base: string, rest: string): string {
  const tail = rest.startsWith('/') ? rest.slice(1) : rest;
  if (base === '') return tail === '' ? '(root)' : tail;
  if (tail === '') return base;
  return `${base}/${tail}`;
}

function describeTypes(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : [String(type)];
  if (JSON_TYPES.every((jsonType) => types.includes(jsonType))) return 'a JSON value';
  return types.join(' or ');
}

function listValues(values: unknown): string {
  return Array.isArray(values) ? values.map((value) => JSON.stringify(value)).join(', ') : '';
}

function describeFormat(format: unknown): string {
  if (format === 'date-time') {
    return 'an RFC 3339 date-time with a time zone, e.g. "2026-04-08T10:00:00Z"';
  }
  return `a ${String(format)}`;
}

/** ` (allowed: a, b, c)` from the failing schema's own property names. */
function allowedFields(error: ErrorObject): string {
  const properties: unknown = error.parentSchema?.['properties'];
  if (typeof properties !== 'object' || properties === null) return '';
  return ` (allowed: ${Object.keys(properties).join(', ')})`;
}

/** `; expected a non-empty array of tool-call parts` from the failing schema's description. */
function expected(error: ErrorObject): string {
  const description: unknown = error.parentSchema?.['description'];
  if (typeof description !== 'string' || !/^(A|An) /.test(description)) return '';
  return `; expected ${description.charAt(0).toLowerCase()}${description.slice(1).replace(/\.$/, '')}`;
}
