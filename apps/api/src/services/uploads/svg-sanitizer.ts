/** SVG uploads keep their drawing and lose anything that can run or fetch. */
import type SanitizeHtml from 'sanitize-html';
import { lazyPackage } from '../../lib/lazy-package';

const sanitizeHtml = lazyPackage<typeof SanitizeHtml>('sanitize-html');

const SHAPES = [
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'rect',
  'text',
  'tspan',
  'defs',
  'title',
  'desc',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'symbol',
];
const ATTRIBUTES = [
  'xmlns',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'fill',
  'fill-rule',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'opacity',
  'transform',
  'id',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'font-size',
  'font-family',
  'font-weight',
  'text-anchor',
  'clip-path',
  'mask',
  'preserveAspectRatio',
  'version',
];

export function sanitizeSvg(svg: string): string {
  return sanitizeHtml()(svg, {
    allowedTags: SHAPES,
    allowedAttributes: { '*': ATTRIBUTES },
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'foreignObject', 'iframe', 'object', 'embed'],
    // url(...) in presentation attributes can fetch; only local fragment references are kept.
    exclusiveFilter: () => false,
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(
          Object.entries(attribs).filter(([, v]) => !/url\s*\(\s*['"]?(?!#)/i.test(v) && !/javascript:|data:/i.test(v)),
        ),
      }),
    },
  });
}
