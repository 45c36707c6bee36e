import sanitizeHtml from 'sanitize-html';

const IMAGE_DATA = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]+$/i;

/**
 * Rich text as stored: formatting, tables, links with safe schemes, images from http(s) or
 * inline raster data. No script, no event handlers, no javascript: URLs, no styles beyond a few
 * harmless properties. Applied by the server on every save, so stored HTML is always inert.
 */
export function sanitizeRichText(html: string): string {
  return dropTrailingEmptyParagraphs(
    sanitizeHtml(html, {
      allowedTags: [
        'p',
        'br',
        'hr',
        'div',
        'span',
        'h1',
        'h2',
        'h3',
        'h4',
        'h5',
        'h6',
        'blockquote',
        'pre',
        'code',
        'strong',
        'b',
        'em',
        'i',
        'u',
        's',
        'strike',
        'del',
        'sub',
        'sup',
        'small',
        'mark',
        'ul',
        'ol',
        'li',
        'a',
        'img',
        'table',
        'thead',
        'tbody',
        'tfoot',
        'tr',
        'th',
        'td',
        'caption',
        'colgroup',
        'col',
      ],
      allowedAttributes: {
        a: ['href', 'title', 'target', 'rel'],
        img: ['src', 'alt', 'title', 'width', 'height'],
        td: ['colspan', 'rowspan', 'align'],
        th: ['colspan', 'rowspan', 'align'],
        col: ['span', 'width'],
        '*': ['style', 'class'],
      },
      allowedStyles: {
        '*': {
          color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
          'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
          'text-align': [/^(left|right|center|justify)$/],
          'font-size': [/^\d+(\.\d+)?(px|pt|em|rem|%)$/],
          'font-weight': [/^(normal|bold|\d{3})$/],
          'text-decoration': [/^(none|underline|line-through)$/],
          'text-indent': [/^\d+(\.\d+)?(px|em|rem)$/],
          'line-height': [/^\d+(\.\d+)?(px|em|%)?$/],
        },
      },
      allowedSchemes: ['http', 'https', 'mailto', 'tel'],
      allowedSchemesByTag: { img: ['http', 'https', 'data'] },
      allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
      allowProtocolRelative: false,
      disallowedTagsMode: 'discard',
      // data: only for raster images (an SVG could carry script).
      exclusiveFilter: (frame) =>
        frame.tag === 'img' && /^\s*data:/i.test(frame.attribs.src ?? '') && !IMAGE_DATA.test(frame.attribs.src ?? ''),
      transformTags: {
        a: (tagName, attribs) => ({
          tagName,
          attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
        }),
      },
    }),
  );
}

const EMPTY_INNER = /^(?:\s|&nbsp;|<br\s*\/?>)*$/i;

/**
 * The editor keeps an empty paragraph after the text; stored and shown, it is only blank space.
 * Walks back from the end (no regex over the whole text, so a long text costs one pass).
 */
function dropTrailingEmptyParagraphs(html: string): string {
  let end = html.length;
  for (;;) {
    while (end > 0 && /\s/.test(html[end - 1]!)) end--;
    if (end < 7 || !html.startsWith('</p>', end - 4)) break;
    const start = html.lastIndexOf('<p>', end - 4);
    if (start < 0 || !EMPTY_INNER.test(html.slice(start + 3, end - 4))) break;
    end = start;
  }
  return html.slice(0, end);
}
