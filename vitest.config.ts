import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './src/server/platform/testing/heavyFirstSequencer.js';
import { documentTestFiles, freshModuleFiles } from './src/server/platform/testing/freshModuleFiles.js';

// The render files run in threads of this process. Their code runs a short while, and V8's
// optimising compiler, as eager as it is by default for long-running servers, spent much of the
// run's time on background threads compiling functions that were soon not called again; a larger
// budget before a function is optimised leaves that work to the functions that stay hot. V8's flags
// are the process's: the threads started after this line take it.
v8.setFlagsFromString(`--interrupt-budget=${4 * 66 * 1024}`);

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const CLIENT_TESTS = ['src/client/**/*.test.{ts,tsx}', 'src/shared/**/*.test.{ts,tsx}'];
const CLIENT_APART = freshModuleFiles(ROOT, ['src/client', 'src/shared']);
// The browser-side files that need no document (models, rules, request helpers) run with the
// server's: in node, as those do, without a worker group of their own at the end of the run.
const CLIENT_DOCUMENT = documentTestFiles(ROOT, ['src/client', 'src/shared']);

// Files that start servers of their own on SQLite whatever DATABASE_URL says (a kill -9 during an
// upload and during a conversion, WORKERS=2): with DATABASE_URL set they would only repeat the
// SQLite run, so they run in that one. (vitest's --exclude does not reach a project's own list.)
// Files that need more than Node (Ceph's gateway, LibreOffice, ffmpeg, bubblewrap) are named
// *.system.test.ts: `npm test` leaves them out, so it passes on a machine with Node alone, and
// `npm run test:system` (TEST_SYSTEM set) runs them, after scripts/install-system-packages.sh.
const SYSTEM_TESTS = ['src/**/*.system.test.ts', 'scripts/**/*.system.test.ts'];
const withSystem = !!process.env.TEST_SYSTEM;

const OWN_SQLITE_SERVERS = ['**/uploadCrash.test.ts', '**/conversionCrash.system.test.ts', '**/serveWorkers.test.ts'];

const clientBase = {
  resolve: { mainFields: ['module', 'jsnext:main', 'jsnext'] },
  test: {
    // Worker threads, not processes: a render file's worker starts and loads its modules with
    // less work, and nothing here needs a process of its own. (The server project, measured
    // the same way, gained nothing, and keeps the processes its files were written for.)
    pool: 'threads',
    // After the server's files, not beside them: with both projects' workers on the two cores at
    // once, each project's workers were stopped and started again between files and loaded their
    // modules anew, which cost more than the overlap saved.
    sequence: { groupOrder: 1 },
    // jsdom files: getComputedStyle from indexed rules, same answers (indexedComputedStyle.ts);
    // every file starts with empty storage and ends with real timers (jsdomSetup.ts).
    setupFiles: ['src/client/runtime/testing/jsdomSetup.ts'],
    // The libraries every render test loads, each bundled into one file once per run: a test
    // file imported antd, Formily and React as hundreds of modules each, which took more of
    // the suite's time than most files' tests. Packages that share an instance (React, the
    // CodeMirror state its extensions check with instanceof, the style context through which
    // the harness hands antd its retained style cache) are bundled together or not at all;
    // left out, @ant-design/cssinjs was a second copy whose provider antd never saw, and each
    // render rebuilt every component's styles. `module` entries are read first, as the browser
    // build reads them (the icons' CommonJS entry names its exports only at run time, which the
    // bundle cannot see).
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            'react',
            'react/jsx-runtime',
            'react/jsx-dev-runtime',
            'react-dom',
            'react-dom/client',
            'react-router-dom',
            '@testing-library/react',
            '@testing-library/dom',
            'antd',
            'antd/es/locale/zh_CN',
            'antd/locale/zh_CN',
            '@ant-design/cssinjs',
            '@ant-design/icons',
            '@formily/core',
            '@formily/react',
            '@formily/reactive',
            '@formily/json-schema',
            '@formily/antd-v5',
            'ahooks',
            'dayjs',
            '@codemirror/state',
            '@codemirror/view',
            '@codemirror/language',
            '@codemirror/autocomplete',
            '@codemirror/lang-json',
            '@codemirror/lint',
            '@codemirror/commands',
            '@lezer/common',
          ],
        },
      },
    },
  },
};

export default defineConfig({
  test: {
    globals: true,
    // Server tests build whole apps (migrations, scrypt); give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core (vitest's default leaves one core to itself, which here is half the
    // machine); TEST_WORKERS or --maxWorkers sets another count.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    // Test passwords guard nothing: scrypt at N=2^10 instead of 2^15 (auth/secrets.ts honours it only
    // under NODE_ENV=test), as the suite seeds and checks hundreds of them. Test databases meet no
    // power cut: SQLite commits without waiting for the disk (db/database.ts, NODE_ENV=test only).
    env: { TEST_SCRYPT_N: '1024', TEST_SQLITE_SYNC: 'normal' },
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/server/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'e2e/**/*.test.ts', ...CLIENT_TESTS],
          exclude: [
            ...configDefaults.exclude,
            '**/*.system.test.ts',
            ...CLIENT_DOCUMENT,
            ...CLIENT_APART,
            ...(process.env.DATABASE_URL ? OWN_SQLITE_SERVERS : []),
          ],
          // One migrated, seeded database per config per run, copied by each test app
          // (src/server/platform/testing/templateDatabase.ts).
          globalSetup: [
            'src/server/platform/testing/templateSetup.ts',
            'src/server/platform/testing/compiledTreeSetup.ts',
          ],
          // The server, the scripts and the crawler's checks run in node, and their files share a
          // worker's loaded modules: each file imported the whole server again otherwise, which took
          // more time than most files' tests. Every test app is built fresh on a database of its
          // own (src/server/testApp.ts) and vitest restores mocks after each file. What a module keeps
          // for the whole process must be keyed by its database or app (entityIndexes.ts keeps
          // the trigram flag per database): a plain module-level cache carries one file's state into
          // the next.
          isolate: false,
        },
      },
      ...(withSystem
        ? [
            {
              extends: true as const,
              test: {
                name: 'system',
                include: SYSTEM_TESTS,
                exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? OWN_SQLITE_SERVERS : [])],
                globalSetup: [
                  'src/server/platform/testing/templateSetup.ts',
                  'src/server/platform/testing/compiledTreeSetup.ts',
                ],
                isolate: false,
              },
            },
          ]
        : []),
      {
        extends: true,
        ...clientBase,
        test: {
          ...clientBase.test,
          name: 'client',
          include: CLIENT_DOCUMENT,
          exclude: [...configDefaults.exclude, ...CLIENT_APART],
          // The browser-side files share a worker's loaded modules and document, as the server's
          // do: each file loaded antd, Formily and React again otherwise. Testing Library unmounts
          // each test's render, the setup file resets storage and timers, vitest restores spies; a
          // registry entry a test adds, the test takes out (registerWidget returns the call).
          isolate: false,
        },
      },
      // Files that replace a module, empty the document or test a first load run apart (freshModuleFiles.ts).
      ...(CLIENT_APART.length
        ? [
            {
              extends: true as const,
              ...clientBase,
              test: { ...clientBase.test, name: 'client:apart', include: CLIENT_APART },
            },
          ]
        : []),
    ],
  },
});
