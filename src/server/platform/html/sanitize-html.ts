import sanitize from 'sanitize-html';

/**
 * The HTML an admin may keep in an e-mail or document template (DECISIONS 29; docs/decisions/0028):
 * the usual text, table and image markup with inline styles; no script, style or frame elements,
 * no event handlers, and links and images only to http(s), mailto and tel addresses. Placeholders
 * (`{{reset_link}}`) are plain text to the sanitiser and survive, also inside href and src.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    ...sanitize.defaults.allowedTags.filter((tag) => tag !== 'style'),
    'img',
    'font',
    'center',
    'u',
    's',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'id', 'align', 'valign', 'width', 'height', 'dir', 'lang', 'title'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    table: ['border', 'cellpadding', 'cellspacing', 'bgcolor', 'role'],
    td: ['colspan', 'rowspan', 'bgcolor'],
    th: ['colspan', 'rowspan', 'bgcolor', 'scope'],
    font: ['color', 'face', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** Cleans admin-authored template HTML before it is stored. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}
