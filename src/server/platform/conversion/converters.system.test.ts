import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionConfigFromEnv } from '../config/conversionConfig.js';
import { convertFile } from './converters.js';

/** One document straight through the converter (LibreOffice, installed by .ci/run). */
describe('convertFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'converters-test-'));
  });
  afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

  it('converts in a profile LibreOffice takes as its own version’s: no graphics self-test first', async () => {
    const input = path.join(dir, 'source.txt');
    await fs.writeFile(input, '课题研究计划\n');
    const { memoryBytes, outputBytes } = conversionConfigFromEnv({});
    const output = await convertFile(dir, input, 'txt', 'pdf', {
      timeoutMs: 60_000,
      memoryBytes,
      fileBytes: outputBytes,
    });
    expect((await fs.readFile(output)).subarray(0, 5).toString()).toBe('%PDF-');
    const profile = await fs.readFile(path.join(dir, 'profile', 'user', 'registrymodifications.xcu'), 'utf8');
    expect(profile).toMatch(/ooSetupLastVersion.*<value>\d+\.\d+<\/value>/);
    // LibreOffice writes this log when it runs the self-test a new version's first start brings.
    await expect(fs.stat(path.join(dir, 'profile', 'user', 'GraphicsRenderTests.log'))).rejects.toThrow();
  });
});
