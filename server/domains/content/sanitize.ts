import sanitizeHtml from 'sanitize-html';

/**
 * The one HTML policy for stored pages: ordinary formatting, links and images survive; scripts,
 * event handlers, styles and javascript: URLs do not. Applied when saving and again when serving.
 */
const policy: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'figure',
    'figcaption',
    'video',
    'source',
    'iframe',
  ],
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
};

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, policy);
}
