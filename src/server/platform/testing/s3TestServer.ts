import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

const SCRIPT = fileURLToPath(new URL('../../../../scripts/s3-test-server.sh', import.meta.url));

export interface S3TestServer {
  endpoint: string;
  /** Every object key in the bucket, sorted. */
  objectKeys(bucket: string): Promise<string[]>;
  /** The multipart uploads begun and neither completed nor aborted in the bucket. */
  multipartUploads(bucket: string): Promise<{ key: string; uploadId: string }[]>;
  close(): Promise<void>;
}

/**
 * A real S3 server for the S3 driver's tests: Ceph's RADOS Gateway on a throw-away one-node cluster
 * (scripts/s3-test-server.sh, a few seconds to start), with an S3 user of the given keys and the
 * given buckets. One per test file: the script stops the cluster when this process closes its
 * standard input, so a test process that dies leaves nothing running.
 */
export async function startS3TestServer(opts: {
  buckets: string[];
  credentials: { accessKeyId: string; secretAccessKey: string };
}): Promise<S3TestServer> {
  const child = spawn('bash', [SCRIPT], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {
      ...process.env,
      S3_TEST_ACCESS_KEY: opts.credentials.accessKeyId,
      S3_TEST_SECRET_KEY: opts.credentials.secretAccessKey,
    },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const endpoint = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve((JSON.parse(line) as { endpoint: string }).endpoint);
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error(`the S3 test server did not start:\n${stderr}`)));
  });

  // The SDK names a location for a new bucket outside us-east-1, which the gateway's default zone
  // group does not have; every other request is signed for the region the tests use.
  const admin = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: opts.credentials });
  const close = async () => {
    admin.destroy();
    child.stdin.end();
    await exited;
  };
  try {
    for (const Bucket of opts.buckets) await admin.send(new CreateBucketCommand({ Bucket }));
  } catch (e) {
    await close();
    throw e;
  }

  return {
    endpoint,
    async objectKeys(Bucket) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await admin.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async multipartUploads(Bucket) {
      const page = await admin.send(new ListMultipartUploadsCommand({ Bucket }));
      return (page.Uploads ?? []).map((u) => ({ key: u.Key!, uploadId: u.UploadId! }));
    },
    close,
  };
}
