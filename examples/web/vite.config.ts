// Vite serves the reference client on its own origin (port 5173), apart from the API.
import path from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: __dirname,
  // The client package from its source: any checkout builds the page without building the package first.
  resolve: { alias: { '@perudo/client': path.resolve(__dirname, '../../packages/client/src/index.ts') } },
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true },
});
