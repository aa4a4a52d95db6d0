/**
 * The privacy notice at /privacy: docs/privacy.md turned into a plain HTML page at build time
 * (marked), with a small inline stylesheet and no script, so it opens instantly on any phone and
 * the text published is always the one kept with the code.
 */
import fs from 'node:fs';
import { marked } from 'marked';

const STYLE = `
:root{color-scheme:light}
body{margin:0;background:#f5f4fa;color:#1d1b26;font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif}
main{max-width:760px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:1.9rem;line-height:1.25;margin:.2em 0 .6em}
h2{font-size:1.3rem;margin:1.8em 0 .5em}
a{color:#4a00b0}
table{border-collapse:collapse;width:100%;background:#fff;display:block;overflow-x:auto}
th,td{border:1px solid #cfcbe0;padding:8px;text-align:left;vertical-align:top}
th{background:#ece9f6}
.back{display:inline-block;margin-bottom:8px}
`;

/** The page's HTML for the markdown at `file`. */
export function renderPrivacyPage(file: string): string {
  const body = marked.parse(fs.readFileSync(file, 'utf8'), { async: false });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Privacy notice</title>
<meta name="description" content="What personal data the institute collects, why, where it is kept, for how long and who can see it.">
<style>${STYLE.replace(/\n/g, '')}</style>
</head>
<body>
<main>
<a class="back" href="/student-enrollment">Back to the enrolment form</a> · <a href="/student-inquiry">the enquiry form</a>
${body}
</main>
</body>
</html>
`;
}
