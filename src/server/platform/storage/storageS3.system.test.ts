import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from './s3Storage.js';
import { id, storageContract } from './storageContract.js';
import { startS3TestServer, type S3TestServer } from '../testing/s3TestServer.js';

/** The storage contract on Ceph's RADOS Gateway (scripts/s3-test-server.sh). */
const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret/key+test' };
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer({ buckets: ['files'], credentials });
});
afterAll(async () => {
  await s3?.close();
});

storageContract('S3', () =>
  s3Storage({ endpoint: s3.endpoint, region: 'cn-north-1', bucket: 'files', credentials, prefix: 'portal' }),
);

describe('S3 driver', () => {
  it('signs every request (the gateway refuses a wrong secret)', async () => {
    const wrong = s3Storage({
      endpoint: s3.endpoint,
      region: 'cn-north-1',
      bucket: 'files',
      credentials: { ...credentials, secretAccessKey: 'nope' },
    });
    await expect(wrong.listChunks(id())).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
  });
});
