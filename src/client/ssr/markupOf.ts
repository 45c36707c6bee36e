import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * React 18's stream pads a chunk with zero bytes where a character of three bytes (every Chinese
 * one) did not fit at the end of its 2 KB buffer: it writes the whole buffer, not what it filled
 * (react-dom-server.node writeStringChunk; React 19 writes the filled part). The character itself
 * starts the next chunk, so the zeros stand for nothing: a NUL in the page's text (a browser drops
 * it there, and shows � for it in an attribute such as a link's title).
 */
const PADDING = /\u0000/g;

/**
 * The markup of a tree once every part of it has arrived: a part in a chunk of its own (React.lazy:
 * a list's filter form) is drawn, not the placeholder its Suspense shows while it loads.
 */
export function markupOf(tree: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8').replace(PADDING, ''));
        done();
      },
    });
    const stream = renderToPipeableStream(tree, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (e) => {
        reject(e as Error);
      },
    });
  });
}
