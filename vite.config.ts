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
          },
        },
  };
});
