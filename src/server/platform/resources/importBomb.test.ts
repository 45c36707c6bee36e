import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { SHEET_MESSAGES } from './readSheet.js';

let t: TestApp;
let province: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  province = await t.loginAs('province');
});
afterAll(async () => {
  await t?.close();
});

const PAGE = 'system/school.list';
const HEADER = ['*单位名称', '*申报部门', '组织机构代码', '*所属地区', '*单位类型'];
const SHEET = 'xl/worksheets/sheet1.xml';

/** A real workbook made by exceljs (a header and one valid row), as its zip entries. */
async function parts(): Promise<Map<string, Buffer>> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('单位');
  ws.addRow(HEADER);
  ws.addRow(['炸弹测试中学', '定州市教育局', null, '定州市', '高级中学']);
  const zip = await JSZip.loadAsync(Buffer.from(await wb.xlsx.writeBuffer()));
  const out = new Map<string, Buffer>();
  for (const name of Object.keys(zip.files))
    if (!zip.files[name]!.dir) out.set(name, await zip.files[name]!.async('nodebuffer'));
  return out;
}

/**
 * The same workbook whose sheet holds `rows` data rows (the valid one first, then rows of `cell`),
 * and, when `hugeCell` is given, one more row whose cell holds that many characters: generated while
 * it is deflated, a few hundred KB inflating to hundreds of MB.
 */
async function bomb(rows: number, cell = 'x', hugeCell = 0): Promise<Buffer> {
  const files = await parts();
  const zip = new yazl.ZipFile();
  for (const [name, data] of files) if (name !== SHEET) zip.addBuffer(data, name);
  const head =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const row = (n: number, values: string[]) =>
    `<row r="${n}">${values.map((v, i) => `<c r="${String.fromCharCode(65 + i)}${n}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;
  const last = rows + 1;
  const sheet = Readable.from(
    (function* () {
      yield head + row(1, HEADER) + row(2, ['炸弹测试中学', '定州市教育局', '', '定州市', '高级中学']);
      for (let n = 3; n <= last; n += 1000) {
        let chunk = '';
        for (let i = n; i <= Math.min(n + 999, last); i++) chunk += row(i, [cell, cell, cell, cell, cell]);
        yield chunk;
      }
      if (hugeCell) {
        yield `<row r="${last + 1}"><c r="A${last + 1}" t="inlineStr"><is><t>`;
        const block = 'x'.repeat(1024 * 1024);
        for (let left = hugeCell; left > 0; left -= block.length)
          yield left >= block.length ? block : block.slice(0, left);
        yield '</t></is></c></row>';
      }
      yield '</sheetData></worksheet>';
    })(),
  );
  zip.addReadStream(sheet, SHEET, { compress: true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Rewrites the central directory's uncompressed size of one entry: a zip that lies about itself. */
function lie(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = out.length - 22; i >= 0; i--) {
    if (out.readUInt32LE(i) !== 0x02014b50) continue;
    const nameLength = out.readUInt16LE(i + 28);
    if (out.subarray(i + 46, i + 46 + nameLength).toString() === name) {
      out.writeUInt32LE(size, i + 24);
      return out;
    }
  }
  throw new Error('entry not found');
}

const schools = async () =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom('operation_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('entity', '=', 'school')
        .executeTakeFirstOrThrow()
    ).n,
  );
const send = (content: Buffer) =>
  t.post(
    '/api/resource/school/import',
    { subAct: 'a', pageId: PAGE, fileName: 'bomb.xlsx', content: content.toString('base64') },
    province,
  );

describe('import limits checked while reading', () => {
  it('refuses a zip bomb (under 1 MB inflating to about 200 MB) with a clear message, memory flat, nothing saved', async () => {
    const file = await bomb(1, 'x', 199 * 1024 * 1024);
    expect(file.length).toBeLessThan(1024 * 1024);
    const before = await schools();
    global.gc?.();
    const heap = process.memoryUsage().heapUsed;
    const rss = process.memoryUsage().rss;
    const res = await send(file);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ flag: false, result: SHEET_MESSAGES.tooLarge });
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(100 * 1024 * 1024);
    expect(process.memoryUsage().rss - rss).toBeLessThan(150 * 1024 * 1024);
    expect(await schools()).toBe(before);
  }, 120_000);

  it('refuses a bomb that declares small sizes: the inflated bytes are counted, nothing saved', async () => {
    const file = lie(await bomb(1, 'x', 199 * 1024 * 1024), SHEET, 10_000);
    const before = await schools();
    const res = await send(file);
    expect(res.status).toBe(400);
    expect(res.body.flag).toBe(false);
    expect([SHEET_MESSAGES.tooLarge, SHEET_MESSAGES.notXlsx]).toContain(res.body.result);
    expect(await schools()).toBe(before);
  }, 120_000);

  it('refuses more than 5,000 rows and an over-long cell as a whole, saving none of the valid rows', async () => {
    const before = await schools();
    const many = await send(await bomb(5_001, '行'));
    expect(many.body).toMatchObject({ flag: false, result: SHEET_MESSAGES.tooManyRows });
    const long = await send(await bomb(1, 'x', 40_000));
    expect(long.body).toMatchObject({ flag: false, result: SHEET_MESSAGES.cellTooLong(3) });
    expect(await schools()).toBe(before);
  }, 120_000);
});
