import path from 'node:path';
import { filesDirectory } from './filesDirectory';

/** Where a child's photo and documents are kept: under DATA_DIR, never under the web root. */
export const childFilesDirectory = (dataDir: string) => path.join(filesDirectory(dataDir), 'children');
