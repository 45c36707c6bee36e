import crypto from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { ChunkTooLargeError } from './FileStorage.js';

/** Counts and hashes bytes as they pass; fails the stream once more than `maxBytes` went through. */
export class Meter extends Transform {
  bytes = 0;
  private readonly hash = crypto.createHash('md5');
  constructor(private readonly maxBytes: number) {
    super({ highWaterMark: 1 << 20 });
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.maxBytes >= 0 && this.bytes > this.maxBytes) return done(new ChunkTooLargeError());
    this.hash.update(chunk);
    done(null, chunk);
  }
  private digest?: string;
  /** Hex md5 of everything that passed (the stream must have ended). */
  md5(): string {
    this.digest ??= this.hash.digest('hex');
    return this.digest;
  }
}

/** Keeps the first `limit` bytes seen. */
export class HeadKeeper {
  private parts: Buffer[] = [];
  private kept = 0;
  constructor(private readonly limit: number) {}
  see(piece: Buffer): void {
    if (this.kept >= this.limit) return;
    const take = piece.subarray(0, this.limit - this.kept);
    this.parts.push(Buffer.from(take));
    this.kept += take.length;
  }
  head(): Buffer {
    return Buffer.concat(this.parts);
  }
}
