import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';

/** One entry of a zip the server writes. */
export interface ZipPart {
  /** Its path in the zip; a folder ends with "/" and has no data. */
  name: string;
  /** The bytes, or the stream to read them from, opened only when the zip reaches the part (its size given). */
  data?: Buffer | { size: number; open: () => Promise<Readable> };
  mtime?: Date;
  /**
   * Deflated unless false. Office files, pictures and videos are compressed already: storing them is
   * as small and far cheaper, and a zip of stored parts of known size knows its length at once.
   */
  compress?: boolean;
}

/**
 * The one way the server writes a zip (downloads of several files, the topic export, cleaned Office
 * packages, generated documents): the parts in the order given, streamed. `size` is the zip's length
 * when it is known before writing (every part stored and of known size), else -1. A part whose
 * stream fails ends the zip's stream with that error instead of throwing where nobody listens.
 */
export function zipStream(parts: Iterable<ZipPart>): { stream: Readable; size: number } {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.on('error', (e: Error) => out.destroy(e));
  zip.outputStream.on('error', (e: Error) => out.destroy(e));
  zip.outputStream.pipe(out);
  for (const part of parts) {
    const options = { ...(part.mtime ? { mtime: part.mtime } : {}), compress: part.compress ?? true };
    const data = part.data;
    if (part.name.endsWith('/') && !data) zip.addEmptyDirectory(part.name, part.mtime ? { mtime: part.mtime } : {});
    else if (Buffer.isBuffer(data) || !data) zip.addBuffer(data ?? Buffer.alloc(0), part.name, options);
    else
      zip.addReadStreamLazy(part.name, { ...options, size: data.size }, (cb) => {
        data.open().then(
          (s) => cb(null, s),
          (e: Error) => cb(e, undefined as never),
        );
      });
  }
  let size = -1;
  // yazl calls back at once (synchronously) with the total when it can know it, with -1 when not.
  (zip.end as (opts: undefined, cb: (total: number) => void) => void).call(zip, undefined, (total) => {
    size = total;
  });
  return { stream: out, size };
}

/** A zip in memory, for the small ones (an Office package, a generated document). */
export async function zipBuffer(parts: Iterable<ZipPart>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(parts).stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
