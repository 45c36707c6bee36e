import { defineConfig } from 'vite';
import app from './vite.config.js';

// The server's drawing of the shell around public pages (src/client/ssr/serverFrame.tsx), built for
// Node into dist-ssr/ with the app's own settings: one module with every dependency in it (antd's
// ES files are not loadable by Node as they are), not served to browsers, so neither precompressed
// nor given the public folder. Bundled libraries read the mode at run time in Node: it is set to
// the production one, whose class names and styles are the ones the browser's build draws.
export default defineConfig({
  ...app,
  plugins: [],
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ...app.build,
    ssr: 'src/client/ssr/serverFrame.tsx',
    outDir: 'dist-ssr',
    copyPublicDir: false,
  },
});
