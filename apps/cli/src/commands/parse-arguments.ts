import { InvalidArgumentError } from 'commander';

/** Commander parser for a whole number ≥ `min`; the message says what is accepted. */
export function wholeNumber(min: number, what: string): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(parsed) || parsed < min) {
      throw new InvalidArgumentError(`expected ${what}, a whole number from ${min}.`);
    }
    return parsed;
  };
}
