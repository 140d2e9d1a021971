import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPayload } from '@payloadcms/next/withPayload';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/** As the blank template has it; the root pinned to this folder (the repository above has its own lockfile). */
export default withPayload({ turbopack: { root: dirname } }, { devBundleServerPackages: false });
