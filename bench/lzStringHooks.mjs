// Node's ESM loader cannot see lz-string's exports (it assigns module.exports at run time), so
// `import { compressToEncodedURIComponent } from 'lz-string'` fails under tsx although Vite and
// Vitest accept it. The bench imports the app's share-link codec, so it points that one import
// at a module that names the exports.
import { URL } from 'node:url';

const shim = new URL('./lzStringShim.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'lz-string' && !context.parentURL?.endsWith('/lzStringShim.mjs')) {
    return { url: shim, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
