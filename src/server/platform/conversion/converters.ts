import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ConversionTarget } from '../../../shared/fileTypes.js';
import { runSandboxed, sandboxFeatures, type SandboxLimits } from './sandbox.js';
import { stripPdfAuthor } from './stripPdfAuthor.js';
import { toUtf8 } from './textEncoding.js';

/** The converted object's file name in the job's folder, and its content type when served. */
export const OUTPUT: Record<ConversionTarget, { name: string; contentType: string }> = {
  pdf: { name: 'out.pdf', contentType: 'application/pdf' },
  video: { name: 'out.mp4', contentType: 'video/mp4' },
  audio: { name: 'out.m4a', contentType: 'audio/mp4' },
};

/** Largest plain text turned into UTF-8 before conversion (read whole into memory). */
const TEXT_RECODE_BYTES = 64 * 1024 * 1024;

let tools: { soffice: string | null; ffmpeg: string | null } | null = null;

/** The converters installed here (LibreOffice headless, ffmpeg), looked up once. */
export function conversionTools(): { soffice: string | null; ffmpeg: string | null } {
  if (tools) return tools;
  const find = (names: string[]) =>
    names.find((n) => spawnSync('sh', ['-c', `command -v ${n}`], { stdio: 'ignore' }).status === 0) ?? null;
  tools = { soffice: find(['soffice', 'libreoffice']), ffmpeg: find(['ffmpeg']) };
  return tools;
}

/**
 * Whether this process can convert to `target`: the tool it needs is installed and, where
 * converters must be confined (production), bubblewrap runs here.
 */
export function canConvert(cfg: { confined: boolean }, target: ConversionTarget): boolean {
  const t = conversionTools();
  if (cfg.confined && !sandboxFeatures().bwrap) return false;
  return target === 'pdf' ? !!t.soffice : !!t.ffmpeg;
}

/**
 * What /readyz says of conversion: `on` (converting, each converter inside bubblewrap),
 * `unconfined` (converting without bubblewrap: outside production only), `no-sandbox` (LibreOffice
 * and ffmpeg are installed but bubblewrap does not run here, so production converts nothing),
 * `off` (switched off, or a converter missing).
 */
export function conversionReadiness(ctx: {
  config: { conversion: { enabled: boolean; confined: boolean } };
}): 'on' | 'off' | 'unconfined' | 'no-sandbox' {
  const cfg = ctx.config.conversion;
  const t = conversionTools();
  if (!cfg.enabled || !t.soffice || !t.ffmpeg) return 'off';
  if (sandboxFeatures().bwrap) return 'on';
  return cfg.confined ? 'no-sandbox' : 'unconfined';
}

let officeVersion: Promise<string | null> | null = null;

/** LibreOffice's major.minor version ("7.4"), asked once; null when it does not say. */
function installedOfficeVersion(soffice: string): Promise<string | null> {
  officeVersion ??= new Promise((resolve) => {
    execFile(soffice, ['--version'], { timeout: 30_000, env: { PATH: process.env.PATH } }, (err, stdout) => {
      const m = /(\d+)\.(\d+)\./.exec(err ? '' : String(stdout));
      resolve(m ? `${m[1]}.${m[2]}` : null);
    });
  });
  return officeVersion;
}

/**
 * A LibreOffice profile of the job's own, made before the first start: macros never run (the
 * highest security level, execution switched off) and links from untrusted documents are not
 * followed (bubblewrap hides what they name anyway, sandbox.ts).
 * The profile says it was last used by the installed version: a profile new to a version makes
 * LibreOffice run its graphics self-tests (dozens of 4096-pixel bitmaps) before converting,
 * most of a short conversion's time.
 */
async function writeProfile(dir: string, version: string | null): Promise<void> {
  const user = path.join(dir, 'user');
  await fs.mkdir(user, { recursive: true });
  const item = (p: string, name: string, value: string) =>
    `<item oor:path="${p}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`;
  await fs.writeFile(
    path.join(user, 'registrymodifications.xcu'),
    `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${item('/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', '3')}
${item('/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'true')}
${item('/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'true')}
${item('/org.openoffice.Office.Common/Misc', 'UseLocking', 'false')}
${item('/org.openoffice.Office.Common/Misc', 'FirstRun', 'false')}
${version ? item('/org.openoffice.Setup/Product', 'ooSetupLastVersion', version) : ''}
</oor:items>
`,
  );
}

/**
 * The one demuxer each source may be read with (the upload's content check has said what it is):
 * a playlist (HLS, ffconcat) or any other format that opens further files or URLs is refused,
 * and so is any protocol but the input file's.
 */
const DEMUXER: Record<string, string> = {
  flv: 'flv',
  avi: 'avi',
  rmvb: 'rm',
  wmv: 'asf',
  wma: 'asf',
  mp3: 'mp3',
  wav: 'wav',
};

function ffmpegArgs(input: string, sourceExt: string, target: ConversionTarget, output: string): string[] {
  const common = [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    DEMUXER[sourceExt] ?? 'none',
    '-i',
    input,
    '-threads',
    '1',
  ];
  if (target === 'audio') return [...common, '-vn', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', output];
  return [
    ...common,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '26',
    '-pix_fmt',
    'yuv420p',
    '-vf',
    "scale='min(1280,iw)':-2",
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    output,
  ];
}

/**
 * Converts `input` (in the job's folder `dir`) to `target` inside the sandbox. Answers the output
 * path, or throws an Error whose message is the reason shown to readers (Chinese).
 */
export async function convertFile(
  dir: string,
  input: string,
  sourceExt: string,
  target: ConversionTarget,
  limits: SandboxLimits,
  signal?: AbortSignal,
): Promise<string> {
  const t = conversionTools();
  const output = path.join(dir, OUTPUT[target].name);
  let result;
  if (target === 'pdf') {
    if (!t.soffice) throw new Error('服务器未安装文档转换工具');
    const profile = path.join(dir, 'profile');
    await writeProfile(profile, await installedOfficeVersion(t.soffice));
    const outDir = path.join(dir, 'pdf');
    await fs.mkdir(outDir);
    // Plain text is turned into UTF-8 first (GBK from Chinese offices included), then read as UTF-8.
    // (Past TEXT_RECODE_BYTES it is left as it is: such a file ends at the time limit anyway.)
    if (sourceExt === 'txt' && (await fs.stat(input)).size <= TEXT_RECODE_BYTES)
      await fs.writeFile(input, toUtf8(await fs.readFile(input)));
    const infilter = sourceExt === 'txt' ? ['--infilter=Text (encoded):UTF8,LF,,,'] : [];
    result = await runSandboxed(
      t.soffice,
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--invisible',
        '--norestore',
        '--nologo',
        '--nodefault',
        '--nolockcheck',
        ...infilter,
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        input,
      ],
      limits,
      {
        cwd: dir,
        visible: { writable: [dir], readOnly: [input] },
        env: { PATH: process.env.PATH, HOME: dir, LANG: 'C.UTF-8' },
        signal,
      },
    );
    const made = path.join(outDir, `${path.basename(input, path.extname(input))}.pdf`);
    if (!result.timedOut && (await fs.stat(made).catch(() => null))?.size) {
      await fs.rename(made, output);
      await stripPdfAuthor(output);
      return output;
    }
  } else {
    if (!t.ffmpeg) throw new Error('服务器未安装音视频转换工具');
    result = await runSandboxed(t.ffmpeg, ffmpegArgs(input, sourceExt, target, output), limits, {
      cwd: dir,
      visible: { writable: [dir], readOnly: [input] },
      env: { PATH: process.env.PATH },
      signal,
    });
    if (!result.timedOut && result.code === 0 && (await fs.stat(output).catch(() => null))?.size) return output;
  }
  if (signal?.aborted) throw new Error('aborted');
  if (result.timedOut) throw new Error(`转换超时（超过${Math.round(limits.timeoutMs / 1000)}秒），文件过大或过于复杂`);
  throw new Error('文件无法转换，可能已损坏或格式不受支持');
}
