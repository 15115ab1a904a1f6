// Preloaded into a hazrisk command by test/store/loading.test.ts: at exit, says on stderr whether the `pg`
// driver was loaded (CommonJS modules, imported from ESM too, are in the one module cache).
import { createRequire } from 'node:module';
import path from 'node:path';

const cache = createRequire(import.meta.url).cache;
const marker = `${path.sep}node_modules${path.sep}pg${path.sep}`;
process.on('exit', () => {
  process.stderr.write(`pg-loaded:${Object.keys(cache).some((file) => file.includes(marker))}\n`);
});
