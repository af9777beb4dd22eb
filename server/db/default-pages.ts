import type { ContentPage } from '../../shared/content';
import { CONTACT_TEMPLATE, DISCLAIMER_TEMPLATE, PRIVACY_TEMPLATE, TERMS_TEMPLATE } from './legal-templates';

/** First-start text of the public pages; admins edit them on /admin/content/overview. */
export interface DefaultPage {
  page: ContentPage;
  title: string;
  html: string;
  /** A template an admin is asked to review before it speaks for the company. */
  reviewNeeded?: boolean;
}

export const defaultPages: DefaultPage[] = [
  {
    page: 'home',
    title: 'Subtitles for your videos, automatically',
    html: "<p>Upload an MP4, choose the spoken language, the subtitle language and a reading speed, and receive an SRT file and a video with the subtitles burned in. You pay per started minute from your company's prepaid euro balance.</p>",
  },
  {
    page: 'faq',
    title: 'Frequently asked questions',
    html: '<h3>How long does processing take?</h3><p>Up to 5 times the length of the video; usually much less. The hardcoded video takes slightly longer than the SRT.</p><h3>Can I correct the subtitles?</h3><p>Yes. Download the SRT, edit it in any text editor, save it as UTF-8 and upload it on My Videos. Two edited versions are free.</p><h3>Can I get a refund?</h3><p>Contact support within 2 days of the upload.</p>',
  },
  {
    page: 'privacy',
    title: 'Privacy',
    html: PRIVACY_TEMPLATE,
    reviewNeeded: true,
  },
  {
    page: 'about',
    title: 'About',
    html: '<p>We make accurate, readable subtitles affordable for every company.</p>',
  },
  {
    page: 'disclaimer',
    title: 'Disclaimer',
    html: DISCLAIMER_TEMPLATE,
    reviewNeeded: true,
  },
  {
    page: 'terms',
    title: 'Terms and conditions',
    html: TERMS_TEMPLATE,
    reviewNeeded: true,
  },
  {
    page: 'help',
    title: 'Help',
    html: '<p>Choose the generate tab to have subtitles made for you, or the hardcode tab to burn in your own SRT file. An uploaded SRT must be UTF-8.</p>',
  },
  {
    page: 'contact',
    title: 'Contact',
    html: CONTACT_TEMPLATE,
    reviewNeeded: true,
  },
];
