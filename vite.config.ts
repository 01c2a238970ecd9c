import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Two builds from one config: the browser bundles (admin SPA and storefront client, with a
 * manifest) into dist/client, and with --ssr the storefront's server renderer into dist/ssr.
 */
export default defineConfig(({ isSsrBuild }) => {
  const ssr = isSsrBuild || process.env.EMPORIUM_SSR_BUILD === '1';
  return {
    root: path.resolve('src/web'),
    base: '/',
    plugins: [react()],
    publicDir: false,
    build: ssr
      ? {
          outDir: path.resolve('dist/ssr'),
          emptyOutDir: true,
          ssr: path.resolve('src/web/shop/entry-server.tsx'),
          rolldownOptions: {
            input: path.resolve('src/web/shop/entry-server.tsx'),
            output: { entryFileNames: 'entry-server.js' },
          },
        }
      : {
          outDir: path.resolve('dist/client'),
          emptyOutDir: true,
          manifest: true,
          chunkSizeWarningLimit: 1500,
          rolldownOptions: {
            input: {
              admin: path.resolve('src/web/admin/index.html'),
              shop: path.resolve('src/web/shop/index.html'),
            },
            output: {
              // Common chunks under 8 KiB of source are inlined into the chunks that import them
              // (docs/decisions/0086): the shop's home page loaded 22 files, most of them one Mantine
              // component of 1–3 KiB each, and over HTTP/1.1's six connections per host they held
              // the hero image back (Lighthouse's LCP "load delay" of 1.1 s on a slow phone).
              codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8 * 1024 } },
            },
          },
        },
  };
});
