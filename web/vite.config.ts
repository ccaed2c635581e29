import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// The engine in the browser (docs/javascript.md): when wasm/build.sh has built the
// WebAssembly package, its files go into dist/wasm/, which the app loads on first use; without
// them the app analyses on the server.
const wasmPackageDir = fileURLToPath(new URL('../wasm/', import.meta.url));
const WASM_FILES = ['evochess.js', 'core.js', 'rules.js', 'game.js', 'engine.js', 'engine-worker.js', 'dist/evochess_wasm.mjs', 'dist/evochess_wasm.wasm'];

function copyWasmPackage(): Plugin {
  let outDir = '';
  return {
    name: 'evochess-wasm-package',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle() {
      if (!existsSync(`${wasmPackageDir}dist/evochess_wasm.wasm`)) {
        console.log('evochess-wasm: wasm/dist is not built (wasm/build.sh): the engine runs on the server only');
        return;
      }
      const target = fileURLToPath(new URL(`${outDir}/wasm/`, new URL('.', import.meta.url)));
      mkdirSync(`${target}dist`, { recursive: true });
      for (const file of WASM_FILES) cpSync(`${wasmPackageDir}${file}`, `${target}${file}`);
      console.log(`evochess-wasm: copied into ${outDir}/wasm/ (the engine in the browser)`);
    },
  };
}

// The server serves dist/ at "/" and the API under /api. `npm run dev` proxies the API to a
// running `evochess serve --port 8080`, as a same-origin client: the server refuses
// requests from other origins (docs/api.md).
export default defineConfig({
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0 },
  plugins: [copyWasmPackage()],
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
