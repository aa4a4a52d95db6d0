import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreloads } from './build/route-preloads';

export default defineConfig({
  plugins: [
    react(),
    // The public screens phones open first (DESIGN §9): their code is preloaded with the page.
    routePreloads({
      '/student-enrollment': 'src/features/enrollment-form/enrollment-form-screen.tsx',
      '/student-inquiry': 'src/features/inquiry-form/inquiry-form-screen.tsx',
      '/login': 'src/features/auth/login-screen.tsx',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
});
