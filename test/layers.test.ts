// The imports of src/ point one way: down ARCHITECTURE.md's layer order, with no file importing itself back through others.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..');
const SRC = join(ROOT, 'src');

/** Every .ts file under src/, as a path relative to src/ ('solver/frame.ts'). */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** The layers of ARCHITECTURE.md's "Layer order", bottom first: each a list of files ('engine.ts') and folders ('solver/'). */
function layers(): string[][] {
  const text = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith('Layer order'));
  if (section === undefined) throw new Error('ARCHITECTURE.md has no "Layer order" section');
  return section
    .split('\n')
    .filter((line) => /^\d+\. /.test(line))
    .map((line) => [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1]));
}

/** The project files a source file imports (static imports, re-exports and import() of a literal path). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*'(\.[^']+)\.js'|import\(\s*'(\.[^']+)\.js'\s*\)/g)];
  return found.map((match) => normalize(join(dirname(file), (match[1] ?? match[2]) + '.ts')));
}

describe('the import structure (ARCHITECTURE.md, "Layer order")', () => {
  const order = layers();
  const files = sourceFiles();
  /** A file's layer: the layer naming it, else the one naming its nearest folder. */
  const layerOf = (file: string): number => {
    let best = -1;
    let bestLength = -1;
    order.forEach((names, layer) => {
      for (const name of names) {
        const matches = name.endsWith('/') ? file.startsWith(name) : file === name;
        if (matches && name.length > bestLength) {
          best = layer;
          bestLength = name.length;
        }
      }
    });
    return best;
  };

  it('names a layer for every file of src/', () => {
    expect(order.length).toBeGreaterThan(5);
    expect(files.filter((file) => layerOf(file) < 0)).toEqual([]);
  });

  it('has no import of a file in a higher layer', () => {
    const upward: string[] = [];
    for (const file of files) {
      for (const target of importsOf(file)) {
        if (layerOf(target) > layerOf(file)) upward.push(`${file} (layer ${layerOf(file) + 1}) imports ${target} (layer ${layerOf(target) + 1})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('has no circle of imports between files', () => {
    const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'open');
      path.push(file);
      for (const target of graph.get(file)!) {
        if (state.get(target) === 'open') circles.push([...path.slice(path.indexOf(target)), target].join(' -> '));
        else if (!state.has(target)) visit(target);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });

  it('reads the imports and layers of files it knows', () => {
    // cli.ts imports the commands, above it in no layer; the solver's folders lie in its one layer
    expect(importsOf('cli.ts')).toContain(normalize('commands/sim.ts'));
    expect(layerOf('cli.ts')).toBeGreaterThan(layerOf('commands/sim.ts'));
    expect(layerOf('solver/family/search.ts')).toBe(layerOf('solver/frame.ts'));
  });
});
