import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// `npm run dev` proxies the API, the runtime configuration and Socket.IO to a running realtime-server.
const serverUrl = process.env['FAROLA_SERVER_URL'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/lighting/',
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: {
    proxy: {
      '/lighting/api': serverUrl,
      '/lighting/src/config.js': serverUrl,
      '/lighting/socket.io': { target: serverUrl, ws: true },
    },
  },
});
