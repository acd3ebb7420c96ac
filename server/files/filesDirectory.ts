import path from 'node:path';

/** Uploaded files live here, under DATA_DIR, never under the web root (the disk store's root). */
export const filesDirectory = (dataDir: string) => path.join(dataDir, 'files');
