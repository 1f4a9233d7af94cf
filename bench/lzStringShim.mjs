import { createRequire } from 'node:module';

const lz = createRequire(import.meta.url)('lz-string');

export default lz;
export const {
  compress,
  compressToBase64,
  compressToEncodedURIComponent,
  compressToUTF16,
  compressToUint8Array,
  decompress,
  decompressFromBase64,
  decompressFromEncodedURIComponent,
  decompressFromUTF16,
  decompressFromUint8Array,
} = lz;
