import type sanitizeHtml from 'sanitize-html';

/**
 * The one HTML policy for stored pages: ordinary formatting, links and images survive; scripts,
 * event handlers, styles and javascript: URLs do not. Applied when saving and again when serving.
 */
const policy = (defaultTags: string[]): sanitizeHtml.IOptions => ({
  allowedTags: [...defaultTags, 'img', 'figure', 'figcaption', 'video', 'source', 'iframe'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    video: ['src', 'poster', 'controls', 'width', 'height', 'loop', 'muted'],
    source: ['src', 'type'],
    iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading'],
    '*': ['class', 'id'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // Embeds only over https, never from our own origin's scripts.
  allowedIframeHostnames: undefined,
  allowIframeRelativeUrls: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
});

let sanitizer: Promise<(html: string) => string> | undefined;

/** The HTML parser loads on the first page read or saved, not with the server. */
function loadSanitizer() {
  sanitizer ??= import('sanitize-html').then(({ default: sanitizeHtml }) => {
    const options = policy(sanitizeHtml.defaults.allowedTags);
    return (html: string) => sanitizeHtml(html, options);
  });
  return sanitizer;
}

export async function sanitizePageHtml(html: string): Promise<string> {
  return (await loadSanitizer())(html);
}
