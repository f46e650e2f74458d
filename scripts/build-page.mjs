// npm run build's second step: bundles the play page's script and its solver worker (esbuild) into one HTML template, dist/page/play.html.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The browser has no node:fs. The one solver file that reads it (solver/eagle/table.ts, the address-space
 * cap from /proc) reads it inside try and takes a throw as "no cap": so the page's bundle gets a
 * readFileSync that always throws, and the solver's code stays the CLI's.
 */
const noFileSystem = {
  name: 'no-file-system',
  setup(build) {
    build.onResolve({ filter: /^node:fs$/ }, () => ({ path: 'node:fs', namespace: 'no-file-system' }));
    build.onLoad({ filter: /.*/, namespace: 'no-file-system' }, () => ({ contents: 'export function readFileSync() { throw new Error("no file system in a browser"); }', loader: 'js' }));
  },
};

/** One entry point as a single browser script (no imports left, no source map, no network at run time). */
async function bundle(entry) {
  const result = await build({ entryPoints: [`${root}src/play/${entry}`], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', minify: true, legalComments: 'none', write: false, logLevel: 'warning', plugins: [noFileSystem],
    // the debug checks (solver/eagle/compound.ts) are off, as they are in the CLI unless EAGLEWING_CHECKS=1: a browser has no process.env
    define: { 'process.env.EAGLEWING_CHECKS': '"0"' } });
  const code = result.outputFiles[0].text;
  // inside <script>, "</script" would end the element early (esbuild writes it escaped; this makes sure)
  if (/<\/script/i.test(code)) throw new Error(`the bundle of ${entry} holds "</script"`);
  return code;
}

const [app, worker] = await Promise.all([bundle('ui.ts'), bundle('worker.ts')]);
// the table's look is the solution page's (src/page/table.css, its opening comment line left out)
const tableCss = readFileSync(`${root}src/page/table.css`, 'utf8').replace(/^\/\*.*\*\/\n/, '');
const page = readFileSync(`${root}src/page/play.html`, 'utf8')
  .replace('{{TABLE_CSS}}\n', () => tableCss)
  .replace('{{WORKER}}', () => worker)
  .replace('{{APP}}', () => app);
mkdirSync(`${root}dist/page`, { recursive: true });
writeFileSync(`${root}dist/page/play.html`, page);
console.log(`dist/page/play.html: ${page.length.toLocaleString('en-US')} bytes (page script ${app.length.toLocaleString('en-US')}, solver worker ${worker.length.toLocaleString('en-US')})`);
