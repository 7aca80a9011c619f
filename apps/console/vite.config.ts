import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compressAssets } from './build/compress-assets';

// `npm run dev` proxies the API, the runtime configuration and Socket.IO to a running realtime-server.
const serverUrl = process.env['FAROLA_SERVER_URL'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/lighting/',
  plugins: [react(), compressAssets()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The manifest lets build/first-screen-budget.ts follow the first screen's chunks.
    manifest: true,
  },
  server: {
    proxy: {
      '/lighting/api': serverUrl,
      '/lighting/src/config.js': serverUrl,
      '/lighting/socket.io': { target: serverUrl, ws: true },
    },
  },
});
