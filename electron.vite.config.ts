import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      // keytar is an optional dependency, which electron-vite does not externalise by default;
      // bundled, its native binding loses its exports and every keychain call fails.
      externalizeDeps: { include: ['keytar'] },
      // Two Node entries over one core: the Electron shell and the `gleaner` CLI
      // (which also hosts browser mode). Native modules stay external (package deps).
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/electron/main.ts'),
          cli: resolve(__dirname, 'src/main/hosts/cli/main.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot require() packages, so nothing is externalised:
      // the preload imports only the method-name list from src/shared.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react()],
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
