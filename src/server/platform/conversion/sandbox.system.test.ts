import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ConversionTarget } from '../../../shared/fileTypes.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  docxLinks,
  odtLinks,
  odtSample,
  playlist,
  rtfFields,
  writeSecrets,
  type Secrets,
} from '../testing/hostileSamples.js';
import { pdfText } from '../testing/pdfText.js';
import { conversionConfigFromEnv } from '../config/conversionConfig.js';
import { canConvert, conversionReadiness, convertFile } from './converters.js';
import { overrideSandboxFeatures, sandboxFeatures } from './sandbox.js';

/**
 * Hostile files through the real converters (LibreOffice, ffmpeg, bubblewrap: installed by
 * scripts/install-system-packages.sh): whatever a file links, includes or lists, the preview holds
 * none of it and nothing connects to the listener the test starts.
 */
describe('converters in bubblewrap', () => {
  let secrets: Secrets;
  let work: string;
  let listener: net.Server;
  let url: string;
  let connections = 0;
  const production = conversionConfigFromEnv({ NODE_ENV: 'production' });
  const limits = { timeoutMs: 90_000, memoryBytes: production.memoryBytes, fileBytes: production.outputBytes };

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'sandbox-test-'));
    secrets = await writeSecrets(path.join(work, 'elsewhere'));
    // Answers any request with the secret text, so a fetch that got through would show in the preview.
    listener = net.createServer((socket) => {
      connections++;
      socket.end(`HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${secrets.marker}\n`);
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(listener.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    listener?.close();
    await fs.rm(work, { recursive: true, force: true });
  });
  afterEach(() => overrideSandboxFeatures(null));

  let n = 0;
  async function convert(bytes: Buffer, ext: string, target: ConversionTarget, confined = true): Promise<Buffer> {
    const dir = path.join(work, `job-${++n}`);
    await fs.mkdir(dir);
    const input = path.join(dir, `source.${ext}`);
    await fs.writeFile(input, bytes);
    return fs.readFile(await convertFile(dir, input, ext, target, { ...limits, confined }));
  }
  const hasImage = (pdf: Buffer) => /\/Subtype\s*\/Image/.test(pdf.toString('latin1'));

  it('bubblewrap runs on this machine, so production converts', () => {
    expect(sandboxFeatures().bwrap).toBe(true);
    expect(canConvert({ confined: true }, 'pdf')).toBe(true);
    expect(conversionReadiness({ config: { conversion: production } })).toBe('on');
  });

  // The profile's BlockUntrustedRefererLinks stops the .docx and OpenDocument links by itself; an RTF
  // field is followed all the same, and only the box keeps the file out of reach.
  it('the samples are hostile: unconfined, an RTF INCLUDEPICTURE field embeds the server’s file', async () => {
    overrideSandboxFeatures({ bwrap: false });
    const pdf = await convert(rtfFields(secrets.png, secrets.text), 'doc', 'pdf', false);
    expect(hasImage(pdf)).toBe(true);
  });

  const documents: [string, string, () => Promise<Buffer>][] = [
    [
      '.docx linking a picture, an object and a text by path',
      'docx',
      () => docxLinks(`file://${secrets.png}`, secrets.text),
    ],
    ['.docx linking them by URL', 'docx', () => docxLinks(`${url}/photo.png`, `${url}/notes.txt`)],
    [
      'RTF INCLUDEPICTURE and INCLUDETEXT fields by path (named .doc)',
      'doc',
      async () => rtfFields(secrets.png, secrets.text),
    ],
    ['RTF fields by URL', 'doc', async () => rtfFields(`${url}/photo.png`, `${url}/notes.txt`)],
    [
      'OpenDocument linking a picture, a section and an OLE object by path (named .doc)',
      'doc',
      () => odtLinks(`file://${secrets.png}`, `file://${secrets.text}`, `file://${secrets.odt}`),
    ],
    ['OpenDocument links by URL', 'doc', () => odtLinks(`${url}/photo.png`, `${url}/notes.txt`, `${url}/other.odt`)],
  ];
  it.each(documents)('%s: the preview holds no linked content', async (_name, ext, make) => {
    const pdf = await convert(await make(), ext, 'pdf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(hasImage(pdf)).toBe(false);
    expect(pdfText(pdf)).not.toContain(secrets.marker);
    expect(pdf.includes(secrets.marker)).toBe(false);
  });

  const media: [string, string, ConversionTarget, () => Buffer][] = [
    ['an HLS playlist of a file posing as an .avi', 'avi', 'video', () => playlist('hls', secrets.media)],
    ['an HLS playlist of a URL posing as an .avi', 'avi', 'video', () => playlist('hls', `${url}/clip.ts`)],
    ['an ffconcat list posing as a .wav', 'wav', 'audio', () => playlist('concat', secrets.media)],
    ['an HLS playlist posing as an .mp3', 'mp3', 'audio', () => playlist('hls', `file://${secrets.media}`)],
  ];
  it.each(media)('%s is refused: ffmpeg reads only its input file', async (_name, ext, target, make) => {
    await expect(convert(make(), ext, target)).rejects.toThrow('文件无法转换，可能已损坏或格式不受支持');
  });

  it('a plain document still converts inside the box', async () => {
    const pdf = await convert(await odtSample('<text:p>研究计划</text:p>'), 'doc', 'pdf');
    expect(pdfText(pdf)).toContain('研究计划');
  });

  it('no converter connected to the listener', () => {
    expect(connections).toBe(0);
  });

  it('without bubblewrap, production converts nothing and /readyz says no-sandbox; outside production it runs unconfined', async () => {
    overrideSandboxFeatures({ bwrap: false });
    expect(production.confined).toBe(true);
    expect(canConvert(production, 'pdf')).toBe(false);
    expect(canConvert(production, 'video')).toBe(false);
    expect(conversionReadiness({ config: { conversion: production } })).toBe('no-sandbox');
    await expect(convert(await odtSample('<text:p>x</text:p>'), 'doc', 'pdf')).rejects.toThrow();
    const dev = conversionConfigFromEnv({ NODE_ENV: 'development' });
    expect(canConvert(dev, 'pdf')).toBe(true);
    expect(conversionReadiness({ config: { conversion: dev } })).toBe('unconfined');
  });
});
