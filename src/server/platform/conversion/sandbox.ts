import { spawn, spawnSync } from 'node:child_process';
import { bwrapArgs, type Visible } from './confinement.js';

/**
 * How a converter's child process is fenced in: memory and file-size limits, CPU time, lowest CPU
 * priority, and inside bubblewrap: no network, no home, no file but its own (confinement.ts).
 */
export interface SandboxLimits {
  /** Wall-clock limit: the whole process group is killed when it is reached. */
  timeoutMs: number;
  /** Address-space limit of each process (prlimit --as). */
  memoryBytes: number;
  /** Largest file a process may write (prlimit --fsize): a bomb cannot fill the disk. */
  fileBytes: number;
  /** Run only inside bubblewrap: without it nothing runs (production; conversionConfig.ts). */
  confined?: boolean;
}

export interface SandboxResult {
  code: number | null;
  timedOut: boolean;
  /** The end of what the process wrote on stderr, for a failure's reason in the log. */
  stderr: string;
}

export interface Features {
  /** bubblewrap runs here (installed, and namespaces allowed): converters see only their job. */
  bwrap: boolean;
  prlimit: boolean;
  timeout: boolean;
  unshare: string[] | null;
  /** coreutils nice: converters run at the lowest CPU priority. */
  nice: boolean;
}
let probed: Features | null = null;

/**
 * Which fences this machine offers, asked once: bubblewrap (tried with the arguments a job gets:
 * a container's seccomp profile or a distribution's user-namespace policy can refuse it),
 * prlimit (util-linux) and, for runs without bubblewrap, a network namespace of its own
 * (`unshare -n` as root, `unshare -rn` in a user namespace otherwise). Where a limit is missing the
 * job runs without it rather than not at all (the time limit always holds); where bubblewrap is
 * missing, production does not convert at all (converters.ts).
 */
export function sandboxFeatures(): Features {
  if (probed) return probed;
  const works = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore', timeout: 5000 }).status === 0;
  const bwrap = works('bwrap', [...bwrapArgs('true', { readOnly: [], writable: [] }, '/'), 'true']);
  const prlimit = works('prlimit', ['--as=1073741824', '--', 'true']);
  const timeout = works('timeout', ['5', 'true']);
  const unshare = works('unshare', ['-n', '--', 'true'])
    ? ['unshare', '-n', '--']
    : works('unshare', ['-rn', '--', 'true'])
      ? ['unshare', '-rn', '--']
      : null;
  const nice = works('nice', ['-n', '19', 'true']);
  probed = { bwrap, prlimit, timeout, unshare, nice };
  return probed;
}

/** For tests: answers `features` in place of what this machine offers (null: ask the machine again). */
export function overrideSandboxFeatures(features: Partial<Features> | null): void {
  probed = null;
  if (features) probed = { ...sandboxFeatures(), ...features };
}

/**
 * The command line that runs `cmd args` inside the fences; with bubblewrap, seeing of the file
 * system only the system and `visible`.
 */
export function fencedCommand(
  cmd: string,
  args: string[],
  limits: SandboxLimits,
  visible: Visible,
  cwd: string,
): string[] {
  const { bwrap, prlimit, timeout, unshare, nice } = sandboxFeatures();
  const cpuSeconds = Math.max(1, Math.ceil(limits.timeoutMs / 1000));
  const limit = prlimit
    ? ['prlimit', `--as=${limits.memoryBytes}`, `--fsize=${limits.fileBytes}`, `--cpu=${cpuSeconds}`, '--core=0', '--']
    : [];
  // coreutils timeout kills the converter's whole group even when the server itself was killed
  // (kill -9 leaves no one to run the server's own timer); a little later than the server's.
  const watchdog = timeout ? ['timeout', '-s', 'KILL', `${cpuSeconds + 2}`] : [];
  // The portal answering people comes first: a converter gets the CPU the server leaves over, so
  // the lists stay quick while documents convert (the bench's conversion part measures it).
  const lowest = nice ? ['nice', '-n', '19'] : [];
  if (bwrap) return [...watchdog, ...lowest, ...limit, 'bwrap', ...bwrapArgs(cmd, visible, cwd), cmd, ...args];
  return [...(unshare ?? []), ...watchdog, ...lowest, ...limit, cmd, ...args];
}

/**
 * Runs a converter in its own process group inside the fences; on timeout the whole group (the
 * converter and anything it started) is killed. Never rejects for the child's failure: the caller
 * reads the code. With `limits.confined`, a machine without bubblewrap runs nothing (an error result).
 */
export function runSandboxed(
  cmd: string,
  args: string[],
  limits: SandboxLimits,
  opts: { cwd: string; visible: Visible; env?: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<SandboxResult> {
  if (limits.confined && !sandboxFeatures().bwrap)
    return Promise.resolve({ code: null, timedOut: false, stderr: 'bubblewrap is not available' });
  const [bin, ...rest] = fencedCommand(cmd, args, limits, opts.visible, opts.cwd);
  return new Promise((resolve) => {
    const child = spawn(bin, rest, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let timedOut = false;
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString('utf8')).slice(-2000);
    });
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, limits.timeoutMs);
    // The server stopping: the job is handed back, its converter must not outlive the process.
    opts.signal?.addEventListener('abort', killGroup, { once: true });
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ code: null, timedOut, stderr: String(e.message) });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', killGroup);
      // A converter may leave helpers behind (soffice.bin): the group goes with it.
      killGroup();
      resolve({ code, timedOut, stderr });
    });
  });
}
