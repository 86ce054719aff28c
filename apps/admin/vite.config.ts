import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves dist at /admin with a history fallback; in development /api goes to the local server.
export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react()],
  // The workspace root holds an older React pulled in as a peer by another package: always use ours.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd is most of the weight and changes rarely: its own chunk stays cached across our releases.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
