import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { localStorage } from './localStorage.js';
import { storageContract } from './storageContract.js';

// The same on S3: storageS3.system.test.ts (npm run test:system, with Ceph's gateway).
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

storageContract('local disk', () => localStorage(dir));
