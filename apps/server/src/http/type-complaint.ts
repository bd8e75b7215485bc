import type { ValidationError } from '@nestjs/common';

/** The `class-validator` constraints that check a value's type, and the type each expects. */
const EXPECTED_TYPES: Readonly<Record<string, string>> = {
  isInt: 'an integer',
  isNumber: 'a number',
  isString: 'a string',
  isBoolean: 'a boolean (true or false)',
  isArray: 'an array',
  isObject: 'an object',
};

/**
 * The one complaint for a field whose value has the wrong type, naming the type expected and the
 * type sent (`expectedRevision must be an integer (got a string, "1")`), or `undefined` when its
 * type is right. `class-validator` checks every constraint of a field: a string sent for an
 * integer with a minimum also fails the minimum ("must not be less than -1"), which says nothing
 * of the real mistake, so the other constraints' complaints are dropped. A constraint over each
 * element of an array (`each: true`) keeps its own message.
 */
export function typeComplaint(error: ValidationError): string | undefined {
  for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
    const expected = EXPECTED_TYPES[constraint];
    if (expected === undefined || message.startsWith('each value in')) continue;
    return `${error.property} must be ${expected} (got ${describeValue(error.value)})`;
  }
  return undefined;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return `a string, ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'number':
      return Number.isNaN(value) ? 'a value that is not a number' : `the number ${value}`;
    case 'boolean':
      return `a boolean, ${value}`;
    case 'undefined':
      return 'nothing';
    case 'object':
      return 'an object';
    case 'bigint':
    case 'function':
    case 'symbol':
      break;
  }
  return `a ${typeof value}`;
}
