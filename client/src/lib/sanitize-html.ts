import DOMPurify from 'dompurify';

/*
 * Content pages arrive already cleaned by the server; this is the second, browser-side line. It
 * mirrors the server's policy: formatting, links, images and https embeds stay; scripts, styles,
 * event handlers and javascript: URLs go (DOMPurify drops those by default).
 */
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['target', 'allow', 'allowfullscreen', 'loading'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}
