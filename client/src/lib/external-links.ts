/*
 * Addresses outside this app, kept in one place. SPEC names these links but not their addresses;
 * replace the placeholders with the real ones.
 */
export const EXTERNAL_LINKS = {
  uploadGuide: 'https://help.subtitling.example/upload-step-by-step',
  gptPage: 'https://chatgpt.com/g/subtitling-assistant',
  helpCentre: 'https://help.subtitling.example',
  supportTicket: 'https://help.subtitling.example/support/tickets/new',
  contactEmail: 'mailto:support@subtitling.example',
  community: 'https://community.subtitling.example',
} as const;

export const SOCIAL_LINKS = [
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/subtitling' },
  { label: 'YouTube', href: 'https://www.youtube.com/@subtitling' },
  { label: 'X', href: 'https://x.com/subtitling' },
] as const;
