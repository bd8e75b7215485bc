import { Transform } from 'class-transformer';

/** Query-string booleans: `true`/`false` become booleans; anything else stays for the validator to refuse. */
export function BooleanQuery(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    value === 'true' ? true : value === 'false' ? false : value,
  );
}

/** Query-string integers: digits become a number; anything else stays for the validator to refuse. */
export function IntegerQuery(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value,
  );
}
