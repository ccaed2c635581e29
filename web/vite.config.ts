import { defineConfig } from 'vite';

// The server serves dist/ at "/" and the API under /api. `npm run dev` proxies the API to a
// running `evochess serve --port 8080`, as a same-origin client: the server refuses
// requests from other origins (docs/api.md).
export default defineConfig({
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0 },
  server: {
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:8080',
        changeOrigin: true,
        configure: (proxy) => proxy.on('proxyReq', (request) => request.removeHeader('origin')),
      },
    },
  },
});
