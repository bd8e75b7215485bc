/**
 * Fields of a request DTO that carry JSON the runtime recorded (messages, tool inputs, provider
 * metadata): taken exactly as they came. class-transformer and the pipe's prototype-key stripping
 * would otherwise drop keys such as `constructor`, `valueOf` or `toString` inside them, so that a
 * tool input `{ "constructor": "Foo" }` was stored as `{}`. Their shape is checked by the JSON
 * Schemas of the runtime messages, not by the DTO.
 */
const rawFieldsByPrototype = new WeakMap<object, Set<string>>();

/** Marks a DTO property as raw JSON (see the module's comment). */
export function RawJson(): PropertyDecorator {
  return (target, property) => {
    if (typeof property !== 'string') return;
    let fields = rawFieldsByPrototype.get(target);
    if (fields === undefined) {
      fields = new Set();
      rawFieldsByPrototype.set(target, fields);
    }
    fields.add(property);
  };
}

function isRawField(instance: object, key: string): boolean {
  for (
    let prototype = Object.getPrototypeOf(instance) as object | null;
    prototype !== null && prototype !== Object.prototype;
    prototype = Object.getPrototypeOf(prototype) as object | null
  ) {
    if (rawFieldsByPrototype.get(prototype)?.has(key) === true) return true;
  }
  return false;
}

/**
 * Puts back into a transformed DTO instance (and the DTO instances inside it) the raw JSON fields
 * of `original`, the body as it came, untouched by the transformation.
 */
export function restoreRawJson(instance: unknown, original: unknown): void {
  if (typeof instance !== 'object' || instance === null) return;
  if (typeof original !== 'object' || original === null) return;
  if (Array.isArray(instance)) {
    if (Array.isArray(original)) {
      instance.forEach((item: unknown, index) => restoreRawJson(item, original[index]));
    }
    return;
  }
  const prototype = Object.getPrototypeOf(instance) as unknown;
  // A plain object is JSON the DTO does not describe: nothing inside it is a DTO.
  if (prototype === Object.prototype || prototype === null) return;
  const target = instance as Record<string, unknown>;
  const source = original as Record<string, unknown>;
  for (const key of Object.keys(target)) {
    if (isRawField(instance, key)) {
      if (Object.hasOwn(source, key)) target[key] = source[key];
    } else {
      restoreRawJson(target[key], source[key]);
    }
  }
}
