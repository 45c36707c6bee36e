import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileTestClient } from '../testing/fileTestClient.js';
import { conversionReadiness } from '../conversion/converters.js';
import { conversionConfigFromEnv } from '../config/conversionConfig.js';
import { overrideSandboxFeatures } from '../conversion/sandbox.js';
import { CONVERSION_MESSAGES } from '../../../shared/fileTypes.js';

/** What /readyz says of conversion with LibreOffice, ffmpeg and bubblewrap installed (npm run test:system). */
describe('readiness of conversion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('/readyz reports conversion on with LibreOffice and ffmpeg installed, off when switched off, and stays ready', async () => {
    expect(conversionReadiness(t.ctx)).toBe('on');
    const off = await createTestApp({ conversion: conversionConfigFromEnv({ CONVERSION: 'off' }) });
    try {
      const res = await off.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', conversion: 'off' });
    } finally {
      await off.close();
    }
  });

  it('/readyz says no-sandbox where production cannot confine the converters, and the preview says conversion is unavailable', async () => {
    overrideSandboxFeatures({ bwrap: false });
    const prod = await createTestApp({ conversion: conversionConfigFromEnv({ NODE_ENV: 'production' }) });
    try {
      const res = await prod.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', conversion: 'no-sandbox' });
      const headers = await prod.loginAs('province');
      const sent = await fileTestClient(prod, headers).send(Buffer.from('课题研究计划\n'), '计划.txt');
      const preview = await prod.post(`/api/file/preview/${sent.file!.id}`, {}, headers);
      expect(preview.body.data.conversion).toEqual({ state: 'unavailable', message: CONVERSION_MESSAGES.unavailable });
    } finally {
      overrideSandboxFeatures(null);
      await prod.close();
    }
  });
});
