import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const clientRoot = import.meta.dirname;
const rootPackage = JSON.parse(readFileSync(path.resolve(clientRoot, '../package.json'), 'utf8')) as {
  version?: string;
};
const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  root: clientRoot,
  plugins: [react()],
  // PRODUCT.md §2: the menu shows the app version {ip}, which is the root package.json version.
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version ?? '0.0.0') },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/trpc': { target: apiServer, changeOrigin: false },
    },
  },
  build: {
    outDir: path.resolve(clientRoot, '../dist/client'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](?!charts)|@floating-ui[\\/])/ },
            { name: 'data', test: /node_modules[\\/](@tanstack|@trpc)[\\/]/ },
            // The admin dashboard's charts load with the dashboard only.
            {
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+|internmap)[\\/]/,
            },
            // The editor's libraries load with the editor only.
            {
              name: 'editor-vendor',
              test: /node_modules[\\/](jassub|wavesurfer\.js|abslink|rvfc-polyfill|lfa-ponyfill|throughput)[\\/]/,
            },
            // Phrase models for reflowing zh, ja and th: loaded on the first such reflow.
            { name: 'phrase-models', test: /node_modules[\\/]budoux[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
