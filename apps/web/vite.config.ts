import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compiledCatalogues } from './build/compiled-catalogues';
import { fileURLToPath } from 'node:url';
import { renderPrivacyPage } from './build/privacy-page';
import { routePages } from './build/route-pages';

/** The public pages' own app (no store, no console shell), started by main.tsx on their paths. */
const PUBLIC_APP = 'src/app/public-app.tsx';
/** What a prerendered public page inlines: the shared tokens and base, then the page's own sheet. */
const sharedCss = ['src/shared/styles/tokens.css', 'src/shared/styles/base.css', 'src/shared/i18n/language-switch.css'];

export default defineConfig({
  plugins: [
    react(),
    compiledCatalogues(),
    // The public screens phones open first: their code is preloaded with the page, and
    // the forms' heading and lead come prerendered in the HTML (build/route-pages.ts).
    routePages(
      {
        '/student-enrollment': {
          boot: PUBLIC_APP,
          screen: 'src/features/enrollment-form/enrollment-form-screen.tsx',
          page: 'src/features/enrollment-form/enrollment-page.tsx',
          css: [...sharedCss, 'src/features/enrollment-form/enrollment-page.css'],
        },
        '/student-inquiry': {
          boot: PUBLIC_APP,
          screen: 'src/features/inquiry-form/inquiry-form-screen.tsx',
          page: 'src/features/inquiry-form/inquiry-page.tsx',
          css: [...sharedCss, 'src/features/inquiry-form/inquiry-page.css'],
        },
        '/login': { screen: 'src/features/auth/login-screen.tsx' },
        '/my': {
          boot: PUBLIC_APP,
          screen: 'src/features/student-page/student-page-screen.tsx',
          page: 'src/features/student-page/student-page-frame.tsx',
          css: [...sharedCss, 'src/features/student-page/student-page-frame.css'],
        },
        // The page a student's link opens: its data is fetched with the page, not after the code.
        '/my/:token': {
          boot: PUBLIC_APP,
          screen: 'src/features/student-page/student-page-screen.tsx',
          page: 'src/features/student-page/student-page-loading.tsx',
          css: [...sharedCss, 'src/features/student-page/student-page-frame.css'],
        },
      },
      // main.tsx evaluates React first and the app (router, store) in a task of its own.
      // The privacy notice is docs/privacy.md as a page of its own, without the app.
      {
        bootModules: ['src/app/app.tsx'],
        htmlPages: {
          '/privacy': () => renderPrivacyPage(fileURLToPath(new URL('../../docs/privacy.md', import.meta.url))),
        },
      },
    ),
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
