import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { compactCss, composePage, pageFileName, preloadInIndex } from '../../build/route-pages';
import { mockFetch, renderRoute } from '../shared/test/route-harness';
import { EnrollmentFormScreen } from '../features/enrollment-form/enrollment-form-screen';
import { prerender as enrollmentPage } from '../features/enrollment-form/enrollment-page';
import { InquiryFormScreen } from '../features/inquiry-form/inquiry-form-screen';
import { prerender as inquiryPage } from '../features/inquiry-form/inquiry-page';
import { StudentLinkRequestScreen } from '../features/student-page/student-page-screen';
import { prerender as linkRequestPage } from '../features/student-page/student-page-frame';
import { FIRST_PAINT_LANGUAGE_SCRIPT } from '@registrar/contract/first-paint';
import { LANGUAGE_STORAGE_KEY } from '@registrar/contract/language';
import { BootFallback, PrerenderedProvider, adoptPrerenderedPage } from './prerendered';

const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>R</title>
<link rel="stylesheet" crossorigin href="/assets/index-A.css">
</head>
<body>
  <div id="root"><div class="boot">Registrar</div><p class="boot-note">Loading…</p></div>
</body></html>`;

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a public route's page (build/route-pages.ts)", () => {
  it('preloads the route and, when prerendered, puts the markup in #root with its CSS inlined', () => {
    const page = composePage(INDEX, {
      preloadScripts: ['/assets/form-B.js'],
      preloadStyles: ['/assets/form-C.css'],
      prerendered: { html: { en: '<main><h1>Hello</h1></main>' }, css: '.x{color:red}' },
    });
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/form-B.js">');
    expect(page).toContain('<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/form-C.css">');
    expect(page).toContain('<style>.x{color:red}</style></head>');
    expect(page).toContain('<div id="root" data-prerendered><main><h1>Hello</h1></main></div>');
    expect(page).not.toContain('Loading…');
    // The entry stylesheet no longer holds back the first paint; main.tsx switches it on.
    expect(page).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-A.css" media="print" data-deferred-style>',
    );
  });

  it('only preloads a route that has nothing prerendered', () => {
    const page = composePage(INDEX, { preloadScripts: ['/assets/login-D.js'], preloadStyles: [] });
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/login-D.js"></head>');
    expect(page).toContain('Loading…');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-A.css">');
  });

  it('refuses an index.html it cannot place the markup in', () => {
    const parts = { preloadScripts: [], preloadStyles: [], prerendered: { html: { en: '<p>x</p>' }, css: '' } };
    expect(() => composePage(INDEX.replace('id="root"', 'id="app"'), parts)).toThrow(/root/);
    expect(() => composePage(INDEX.replace(/<link[^>]*>/, ''), parts)).toThrow(/stylesheet/);
    const bilingual = { ...parts, prerendered: { html: { en: '<p>x</p>', hi: '<p>क</p>' }, css: '' } };
    expect(() => composePage(INDEX, bilingual)).toThrow(/script/);
    const withScript = { ...parts, prerendered: { ...bilingual.prerendered, languageScript: 'void 0' } };
    expect(() => composePage(INDEX.replace(/<meta charset[^>]*>/, ''), withScript)).toThrow(/charset/);
  });

  it('prerenders every language, shows the one <html lang> names, and sets lang first thing in the head', () => {
    const page = composePage(INDEX, {
      preloadScripts: [],
      preloadStyles: [],
      prerendered: {
        html: { en: '<main><h1>Ask</h1></main>', hi: '<main><h1>पूछें</h1></main>' },
        css: '.x{color:red}',
        languageScript: FIRST_PAINT_LANGUAGE_SCRIPT,
      },
    });
    expect(page).toContain(`<meta charset="UTF-8" /><script>${FIRST_PAINT_LANGUAGE_SCRIPT}</script><title>`);
    expect(page).toContain(
      '<div id="root" data-prerendered><div data-prerendered-language="en"><main><h1>Ask</h1></main></div>' +
        '<div data-prerendered-language="hi"><main><h1>पूछें</h1></main></div></div>',
    );
    expect(page).toContain(
      '<style>.x{color:red}html:not([lang="hi"]) [data-prerendered-language="hi"],' +
        'html[lang="hi"] [data-prerendered-language="en"]{display:none}</style>',
    );
  });

  it("preloads the app's boot chunks in index.html, before its stylesheet", () => {
    const html = preloadInIndex(INDEX, ['/assets/app-E.js']);
    expect(html).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/app-E.js">\s*<link rel="stylesheet" crossorigin href="\/assets\/index-A.css">/,
    );
  });

  it('names the file after the route and compacts the inlined CSS', () => {
    expect(pageFileName('/student-inquiry')).toBe('pages/student-inquiry.html');
    expect(compactCss('/* note */\n.a {\n  color: red;\n}\n\n.b , .c { margin: 0 }')).toBe(
      '.a{color: red}.b , .c{margin: 0}',
    );
  });
});

describe('the prerendered markup is what the screen renders first', () => {
  const firstRender = (element: ReactElement, path: string) => {
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined)); // nothing answers yet
    renderRoute(element, { path });
    return document.querySelector('main')!.parentElement!;
  };
  const top = (root: Element, lead: string) =>
    ['header', 'h1', lead].map((selector) => root.querySelector(selector)!.outerHTML);

  it('/student-inquiry', async () => {
    const page = await inquiryPage();
    const screen = firstRender(<InquiryFormScreen />, '/student-inquiry');
    const prerendered = document.createElement('div');
    prerendered.innerHTML = renderToStaticMarkup(page);
    expect(top(screen, '.inq-lead')).toEqual(top(prerendered, '.inq-lead'));
  });

  it('/student-enrollment', async () => {
    const page = await enrollmentPage();
    const screen = firstRender(<EnrollmentFormScreen />, '/student-enrollment');
    const prerendered = document.createElement('div');
    prerendered.innerHTML = renderToStaticMarkup(page);
    expect(top(screen, '.enr-lead')).toEqual(top(prerendered, '.enr-lead'));
  });

  it('/my', async () => {
    const page = await linkRequestPage();
    const screen = firstRender(<StudentLinkRequestScreen />, '/my');
    const prerendered = document.createElement('div');
    prerendered.innerHTML = renderToStaticMarkup(page);
    expect(top(screen, '.sp-lead')).toEqual(top(prerendered, '.sp-lead'));
  });

  it('in Hindi too, for a visitor who chose it (every page)', async () => {
    const pages = [
      { prerender: inquiryPage, screen: <InquiryFormScreen />, path: '/student-inquiry', lead: '.inq-lead' },
      { prerender: enrollmentPage, screen: <EnrollmentFormScreen />, path: '/student-enrollment', lead: '.enr-lead' },
      { prerender: linkRequestPage, screen: <StudentLinkRequestScreen />, path: '/my', lead: '.sp-lead' },
    ];
    try {
      for (const { prerender, screen, path, lead } of pages) {
        const prerendered = document.createElement('div');
        prerendered.innerHTML = renderToStaticMarkup(await prerender('hi'));
        expect(prerendered.querySelector('h1')!.textContent).toMatch(/[\u0900-\u097f]/);
        const rendered = firstRender(screen, path);
        expect(top(rendered, lead)).toEqual(top(prerendered, lead));
        cleanup();
      }
    } finally {
      await inquiryPage('en');
    }
  });
});

describe('the first-paint script (in the head of the prerendered pages)', () => {
  const run = () => new Function(FIRST_PAINT_LANGUAGE_SCRIPT)() as void;
  afterEach(() => {
    localStorage.clear();
    document.documentElement.lang = 'en';
  });

  it('sets <html lang> to the language this device chose with the switch, and leaves it alone otherwise', () => {
    document.documentElement.lang = 'en';
    run();
    expect(document.documentElement.lang).toBe('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    run();
    expect(document.documentElement.lang).toBe('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    run();
    expect(document.documentElement.lang).toBe('hi');
  });

  it('leaves the page in English when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(run).not.toThrow();
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('taking over a prerendered page (main.tsx)', () => {
  it('keeps the markup, switches the deferred stylesheet on, and shows the markup while loading', () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/a.css" media="print" data-deferred-style>';
    document.body.innerHTML = '<div id="root" data-prerendered><main><h1>Ask</h1></main></div>';
    const root = document.getElementById('root')!;
    const html = adoptPrerenderedPage(root);
    expect(html).toBe('<main><h1>Ask</h1></main>');
    expect(document.querySelector('link')!.media).toBe('all');

    const { container } = render(
      <PrerenderedProvider value={html}>
        <BootFallback />
      </PrerenderedProvider>,
    );
    expect(container.querySelector('main h1')!.textContent).toBe('Ask');
    expect(container.querySelector('.full-screen-loader')).toBeNull();
  });

  it('keeps only the language copy <html lang> names, and shows that one while loading', () => {
    const page = composePage(INDEX, {
      preloadScripts: [],
      preloadStyles: [],
      prerendered: {
        html: { en: '<main id="main-content"><h1>Ask</h1></main>', hi: '<main id="main-content"><h1>पूछें</h1></main>' },
        css: '',
        languageScript: FIRST_PAINT_LANGUAGE_SCRIPT,
      },
    });
    for (const [lang, heading] of [
      ['hi', 'पूछें'],
      ['en', 'Ask'],
    ] as const) {
      document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(page)![1]!;
      document.documentElement.lang = lang;
      const root = document.getElementById('root')!;
      const html = adoptPrerenderedPage(root);
      expect(html).toBe(`<main id="main-content"><h1>${heading}</h1></main>`);
      expect(root.querySelectorAll('[data-prerendered-language]')).toHaveLength(1);
      expect(document.querySelectorAll('#main-content')).toHaveLength(1);
      const { container, unmount } = render(
        <PrerenderedProvider value={html}>
          <BootFallback />
        </PrerenderedProvider>,
      );
      expect(container.querySelector('main h1')!.textContent).toBe(heading);
      unmount();
    }
    document.documentElement.lang = 'en';
  });

  it('shows the full-screen loader on any other page', () => {
    document.body.innerHTML = '<div id="root"><div class="boot">Registrar</div></div>';
    expect(adoptPrerenderedPage(document.getElementById('root')!)).toBeUndefined();
    const { container } = render(<BootFallback label="Restoring your session…" />);
    expect(container.querySelector('.full-screen-loader')).not.toBeNull();
  });
});
