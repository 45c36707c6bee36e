import yauzl from 'yauzl';

/** For tests: every entry of a zip (an Office file, a download of several files), by name. */
export async function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z!))),
  );
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, async (e, stream) => {
        if (e) return reject(e);
        const parts: Buffer[] = [];
        for await (const p of stream!) parts.push(p as Buffer);
        out.set(entry.fileName, Buffer.concat(parts));
        zip.readEntry();
      });
    });
    zip.readEntry();
  });
  return out;
}
