// Vite serves the reference client on its own origin (port 5173), apart from the API.
import { defineConfig } from 'vite';

export default defineConfig({
  root: __dirname,
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true },
});
