// Whole-number command-line options, with one-line errors that name the flag.
import { InputError } from './errors.js';

export function parseWholeNumber(text: string, flag: string, min: number, max: number): number {
  const trimmed = String(text).trim();
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new InputError(`${flag} must be a whole number from ${min} to ${max}, got '${text}'`);
  return value;
}
