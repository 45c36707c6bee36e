import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { EMPTY_SHA256, signV4 } from './sigv4.js';

// Published examples: AWS's SigV4 test suite (get-vanilla) and the S3 API reference's
// "Examples: signature calculations" (GET object with a range, PUT object).
describe('signV4', () => {
  it('matches the get-vanilla vector of the AWS SigV4 test suite', () => {
    const headers = signV4(
      { method: 'GET', host: 'example.amazonaws.com', path: '/', payloadHash: EMPTY_SHA256 },
      {
        region: 'us-east-1',
        service: 'service',
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
        date: new Date('2015-08-30T12:36:00Z'),
      },
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  const s3 = {
    region: 'us-east-1',
    service: 's3',
    credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
    date: new Date('2013-05-24T00:00:00Z'),
  };

  it('matches the S3 reference example GET /test.txt with Range', () => {
    const headers = signV4(
      {
        method: 'GET',
        host: 'examplebucket.s3.amazonaws.com',
        path: '/test.txt',
        headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_SHA256 },
        payloadHash: EMPTY_SHA256,
      },
      s3,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('matches the S3 reference example PUT /test$file.text (path encoding, extra headers)', () => {
    const payloadHash = crypto.createHash('sha256').update('Welcome to Amazon S3.').digest('hex');
    const headers = signV4(
      {
        method: 'PUT',
        host: 'examplebucket.s3.amazonaws.com',
        path: '/test$file.text',
        payloadHash,
        headers: {
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          'x-amz-content-sha256': payloadHash,
        },
      },
      s3,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('matches the S3 reference example of a query-string request (list objects)', () => {
    const headers = signV4(
      {
        method: 'GET',
        host: 'examplebucket.s3.amazonaws.com',
        path: '/',
        query: { 'max-keys': '2', prefix: 'J' },
        headers: { 'x-amz-content-sha256': EMPTY_SHA256 },
        payloadHash: EMPTY_SHA256,
      },
      s3,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });
});
