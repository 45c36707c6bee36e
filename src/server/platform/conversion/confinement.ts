import fs from 'node:fs';
import path from 'node:path';

/** What a confined converter may see besides the system's programs and libraries. */
export interface Visible {
  /** Files or folders it reads (its input). */
  readOnly: string[];
  /** Folders it writes (the job's own folder: output, profile). */
  writable: string[];
}

/**
 * The read-only system paths a converter needs: programs and libraries, fonts, LibreOffice's own
 * settings. Not all of /etc: it may hold the portal's environment file (database password,
 * signing key) and other services' secrets.
 */
const SYSTEM_FILES = [
  '/etc/fonts',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/libreoffice',
  '/etc/alternatives',
  '/etc/localtime',
  '/var/cache/fontconfig',
];

/** /bin, /lib... are links into /usr on current distributions and folders on older ones. */
const TOP_LEVEL = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/**
 * bubblewrap's arguments for running `cmd`: new namespaces of every kind (no network but its own
 * loopback, no other process, no capability), an empty /tmp, the system read-only, and of the
 * rest only what `visible` names, so a document that links `/srv/portal/data/...` or an image by
 * URL finds nothing. The converter's folder, when not under /usr (LibreOffice from its own
 * packages in /opt), is shown read-only too.
 */
export function bwrapArgs(cmd: string, visible: Visible, cwd: string): string[] {
  const args = ['--unshare-all', '--die-with-parent', '--new-session', '--cap-drop', 'ALL'];
  args.push('--ro-bind', '/usr', '/usr');
  for (const dir of TOP_LEVEL) {
    const st = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (st?.isSymbolicLink()) args.push('--symlink', fs.readlinkSync(dir), dir);
    else if (st?.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  for (const p of SYSTEM_FILES) args.push('--ro-bind-try', p, p);
  const real = realTool(cmd);
  if (real && !real.startsWith('/usr/')) {
    const home = path.dirname(path.dirname(real));
    args.push('--ro-bind', home, home);
  }
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--tmpfs', '/var/tmp');
  for (const p of visible.writable) args.push('--bind', p, p);
  // After the writable folders: an input inside the job's folder stays read-only.
  for (const p of visible.readOnly) args.push('--ro-bind', p, p);
  args.push('--chdir', cwd);
  return args;
}

/** The file a command name runs (through PATH and links), or null when it is not found. */
function realTool(cmd: string): string | null {
  const candidates = cmd.includes('/')
    ? [cmd]
    : (process.env.PATH ?? '').split(':').map((d) => path.join(d || '.', cmd));
  for (const c of candidates) {
    try {
      return fs.realpathSync(c);
    } catch {
      /* not here */
    }
  }
  return null;
}
