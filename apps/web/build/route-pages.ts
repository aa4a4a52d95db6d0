/**
 * A Vite plugin that writes the page the server sends for each public route (for phones
 * on slow networks; Lighthouse mobile ≥ 0.95, bench/README.md): dist/pages/<route>.html, listed by route in
 * dist/route-pages.json (read by apps/api/src/plugins/spa.ts). Each page is index.html plus:
 *
 * - the route's own JS chunks as <link rel="modulepreload">, so a phone fetches the screen's code
 *   in parallel with the entry instead of after it, and its stylesheet preloaded at low priority;
 * - when the page module exports `preloadFetch` (an API path with the route's `:params` in it), that
 *   call preloaded with the page: the server puts the request's values in place of the params, so
 *   the screen's data does not wait for its code;
 * - when the route names a `page` module: that module's `prerender(language)` (an element, or a
 *   promise of one) rendered to static markup inside #root (in place of the boot shell), once per
 *   students' language, with the CSS it needs inlined. The heading and the lead paragraph (the
 *   largest paint) then come with the HTML, before any script, and the entry's own stylesheet
 *   (toasts, console styles) no longer blocks that first paint: it is loaded as `media="print"` and
 *   switched on by main.tsx. main.tsx keeps the prerendered markup on screen until the screen
 *   itself renders the same markup, so nothing moves.
 * - with the markup in several languages: each copy in a `<div data-prerendered-language>`, a rule
 *   that shows only the one `<html lang>` names (English, the first, by default), and the
 *   contract's first-paint script in the head, which sets `lang` to the language this device chose
 *   before anything is painted: a Hindi visitor's first paint is Hindi, an English one's unchanged.
 *
 * The markup comes from the same React component the screen renders (one source for the text).
 */
import fs from 'node:fs';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { compiledCatalogues } from './compiled-catalogues';

export interface RoutePage {
  /** The route's lazy screen: its chunks are preloaded. */
  screen: string;
  /** A module exporting `prerender`, whose element is rendered into the page's HTML at build time. */
  page?: string;
  /** Stylesheets inlined with the prerendered markup, in cascade order (shared tokens first). */
  css?: string[];
  /** The module the entry starts on this page instead of the `bootModules`: its chunks are preloaded. */
  boot?: string;
}

/** Marks a root whose content came prerendered with the page (read by main.tsx). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** Marks the entry stylesheet a prerendered page loads without blocking its first paint. */
export const DEFERRED_STYLE_ATTRIBUTE = 'data-deferred-style';
/** Marks each language's copy of the prerendered markup (read by main.tsx). */
export const PRERENDERED_LANGUAGE_ATTRIBUTE = 'data-prerendered-language';

/** Comments out, whitespace collapsed: enough for the small hand-written sheets inlined here. */
export function compactCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

/** The file name a route's page is written to: '/student-inquiry' → 'pages/student-inquiry.html'. */
export function pageFileName(route: string): string {
  return `pages/${route.replace(/^\/+/, '').replace(/[^a-z0-9-]+/gi, '-') || 'index'}.html`;
}

export interface PageParts {
  preloadFetch?: string | undefined;
  preloadScripts: string[];
  preloadStyles: string[];
  /**
   * Static markup for #root by language (the first is shown unless `<html lang>` names another),
   * the CSS it needs, and with several languages the script that sets `lang` before the first paint.
   */
  prerendered?: { html: Record<string, string>; css: string; languageScript?: string };
}

/** The prerendered markup of #root, and the rule and head script that pick its language. */
function prerenderedRoot({ html, languageScript }: NonNullable<PageParts['prerendered']>) {
  const languages = Object.keys(html);
  if (languages.length === 0) throw new Error('route pages: nothing prerendered');
  if (languages.length === 1) return { markup: html[languages[0]!]!, css: '', head: '' };
  if (!languageScript) throw new Error('route pages: markup in several languages needs the script that picks one');
  const [first, ...others] = languages;
  const copy = (language: string) => `[${PRERENDERED_LANGUAGE_ATTRIBUTE}="${language}"]`;
  // Hidden (no box, no layout) unless `lang` names it; the first language also when `lang` names no other.
  const hidden = [
    ...others.map((language) => `html:not([lang="${language}"]) ${copy(language)}`),
    ...others.map((language) => `html[lang="${language}"] ${copy(first!)}`),
  ];
  return {
    markup: languages
      .map((language) => `<div ${PRERENDERED_LANGUAGE_ATTRIBUTE}="${language}">${html[language]}</div>`)
      .join(''),
    css: `${hidden.join(',')}{display:none}`,
    head: `<script>${languageScript}</script>`,
  };
}

/** index.html turned into one route's page. */
export function composePage(indexHtml: string, parts: PageParts): string {
  let html = indexHtml;
  const head = [
    ...(parts.preloadFetch ? [`<link rel="preload" as="fetch" crossorigin href="${parts.preloadFetch}">`] : []),
    ...parts.preloadScripts.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
    ...parts.preloadStyles.map((f) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${f}">`),
  ];
  if (parts.prerendered) {
    const root = prerenderedRoot(parts.prerendered);
    head.push(`<style>${parts.prerendered.css}${root.css}</style>`);
    if (root.head) {
      // First in the head, before any stylesheet a script would wait for: nothing is painted before it runs.
      const charset = /<meta charset="[^"]*"\s*\/?>/i;
      if (!charset.test(html)) throw new Error('route pages: index.html has no <meta charset>');
      html = html.replace(charset, (tag) => `${tag}${root.head}`);
    }
    // The entry's stylesheet would hold back the first paint; what that paint needs is inlined.
    let deferred = 0;
    html = html.replace(/<link rel="stylesheet"([^>]*)>/g, (_tag, attributes: string) => {
      deferred += 1;
      return `<link rel="stylesheet"${attributes} media="print" ${DEFERRED_STYLE_ATTRIBUTE}>`;
    });
    if (deferred === 0) throw new Error('route pages: index.html has no stylesheet to defer');
    const rootElement = /<div id="root">[\s\S]*?<\/div>\s*<\/body>/;
    if (!rootElement.test(html)) throw new Error('route pages: index.html has no <div id="root"> before </body>');
    html = html.replace(rootElement, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}>${root.markup}</div>\n  </body>`);
  }
  if (!html.includes('</head>')) throw new Error('route pages: index.html has no </head>');
  return html.replace('</head>', () => `${head.join('')}</head>`);
}

const IGNORED_CSS = '\0route-pages:css';
const ignoreCssImports: Plugin = {
  name: 'registrar-route-pages-ignore-css',
  enforce: 'pre',
  resolveId: (source) => (source.endsWith('.css') ? IGNORED_CSS : undefined),
  load: (id) => (id === IGNORED_CSS ? 'export {};' : undefined),
};

/**
 * The module the build imports for a page: the page module's `prerender` awaited and rendered at
 * the top, once per students' language, so whatever it loads (each language's catalogue) arrives
 * while the module runner is still open, and each copy is rendered while its language is the active one.
 */
const PRERENDER_PREFIX = 'virtual:route-page-prerender:';
const prerenderEntries: Plugin = {
  name: 'registrar-route-pages-prerender',
  enforce: 'pre',
  resolveId: (source) => (source.startsWith(PRERENDER_PREFIX) ? `\0${source}` : undefined),
  load: (id) =>
    id.startsWith(`\0${PRERENDER_PREFIX}`)
      ? [
          `import * as page from ${JSON.stringify(id.slice(PRERENDER_PREFIX.length + 1))};`,
          `import { renderToStaticMarkup } from 'react-dom/server';`,
          `import { LANGUAGES } from '@registrar/contract/language';`,
          `export { FIRST_PAINT_LANGUAGE_SCRIPT as languageScript } from '@registrar/contract/first-paint';`,
          `if (typeof page.prerender !== 'function') throw new Error('route pages: the page module has no prerender');`,
          'export const html = {};',
          'for (const language of LANGUAGES) html[language] = renderToStaticMarkup(await page.prerender(language));',
          'export const preloadFetch = page.preloadFetch;',
        ].join('\n')
      : undefined,
};

export interface RoutePagesOptions {
  /**
   * Modules the entry imports dynamically as soon as it runs (to evaluate them in a task of their
   * own): their chunks are preloaded in index.html, and so on every page, like the entry's own.
   */
  bootModules?: string[];
  /** Pages that are only HTML, no app (the privacy notice): route → the page's HTML. */
  htmlPages?: Record<string, () => string>;
}

/** index.html with `files` preloaded, before its first stylesheet (or at the end of the head). */
export function preloadInIndex(indexHtml: string, files: string[]): string {
  const links = files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">\n    `).join('');
  const at = indexHtml.search(/<link rel="stylesheet"|<\/head>/);
  if (at < 0) throw new Error('route pages: index.html has no </head>');
  return indexHtml.slice(0, at) + links + indexHtml.slice(at);
}

export function routePages(
  routes: Record<string, RoutePage>,
  { bootModules = [], htmlPages = {} }: RoutePagesOptions = {},
): Plugin {
  let root = process.cwd();
  return {
    name: 'registrar-route-pages',
    apply: 'build',
    // After Vite's own HTML plugin has emitted index.html.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('route pages: index.html is not in the bundle');
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // What index.html loads: the entry and everything it imports statically …
      const withImports = (into: Set<string>, fileName: string) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        byFile.get(fileName)?.imports.forEach((f) => withImports(into, f));
      };
      const entryOnly = new Set<string>();
      chunks.filter((c) => c.isEntry).forEach((c) => withImports(entryOnly, c.fileName));
      // … and the boot modules' chunks, which Vite would only request once the entry has run.
      const booted = (modules: string[]) => {
        const files = new Set(entryOnly);
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`route pages: no chunk for ${module}`);
          withImports(files, chunk.fileName);
        }
        return files;
      };
      const original = String(index.source);
      const bootedIndex = (files: Set<string>) =>
        preloadInIndex(
          original,
          [...files].filter((f) => !entryOnly.has(f)).map((f) => `/${f}`),
        );
      const entryFiles = booted(bootModules);
      index.source = bootedIndex(entryFiles);
      const indexHtml = String(index.source);
      const manifest: Record<string, string> = {};
      for (const [route, spec] of Object.entries(routes)) {
        const start = chunks.find((c) => c.facadeModuleId?.endsWith(spec.screen));
        if (!start) throw new Error(`route pages: no chunk for ${spec.screen}`);
        const pageEntry = spec.boot ? booted([spec.boot]) : entryFiles;
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || pageEntry.has(fileName)) return;
          files.add(fileName);
          const chunk = byFile.get(fileName);
          chunk?.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk?.imports.forEach(visit);
        };
        visit(start.fileName);
        const parts: PageParts = {
          preloadScripts: [...files].map((f) => `/${f}`),
          preloadStyles: [...styles].map((f) => `/${f}`),
        };
        if (spec.page) {
          const { module } = await runnerImport<{
            html: Record<string, string>;
            languageScript: string;
            preloadFetch?: string;
          }>(PRERENDER_PREFIX + path.resolve(root, spec.page), {
            configFile: false,
            root,
            logLevel: 'error',
            // Stylesheets are inlined from `css`; the module's own CSS imports mean nothing here.
            // The page's texts come from each language's catalogue, compiled as for the browser.
            plugins: [ignoreCssImports, compiledCatalogues(), prerenderEntries],
          });
          const css = (spec.css ?? []).map((f) => fs.readFileSync(path.resolve(root, f), 'utf8')).join('\n');
          parts.preloadFetch = module.preloadFetch;
          parts.prerendered = { html: module.html, css: compactCss(css), languageScript: module.languageScript };
        }
        const fileName = pageFileName(route);
        const pageIndex = spec.boot ? bootedIndex(pageEntry) : indexHtml;
        this.emitFile({ type: 'asset', fileName, source: composePage(pageIndex, parts) });
        manifest[route] = fileName;
      }
      for (const [route, render] of Object.entries(htmlPages)) {
        const fileName = pageFileName(route);
        this.emitFile({ type: 'asset', fileName, source: render() });
        manifest[route] = fileName;
      }
      this.emitFile({ type: 'asset', fileName: 'route-pages.json', source: JSON.stringify(manifest) });
    },
  };
}
