// Output files that are never left half-written: whole files go through a temporary name and a rename.
import { renameSync, writeFileSync } from 'node:fs';

export function writeFileAtomic(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
