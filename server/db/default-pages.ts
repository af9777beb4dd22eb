import type { ContentPage } from '../../shared/content';

/** First-start text of the public pages; admins edit them on /admin/content/overview. */
export const defaultPages: { page: ContentPage; title: string; html: string }[] = [
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
    html: '<p>Your videos and subtitles are visible only to the users of your company and are processed only to make your subtitles.</p>',
  },
  {
    page: 'about',
    title: 'About',
    html: '<p>We make accurate, readable subtitles affordable for every company.</p>',
  },
  {
    page: 'disclaimer',
    title: 'Disclaimer',
    html: '<p>Automatic subtitles can contain mistakes. Review them before publishing.</p>',
  },
  {
    page: 'terms',
    title: 'Terms and conditions',
    html: '<p>Credits are prepaid in euros and used per started minute of video.</p>',
  },
  {
    page: 'help',
    title: 'Help',
    html: '<p>Choose the generate tab to have subtitles made for you, or the hardcode tab to burn in your own SRT file. An uploaded SRT must be UTF-8.</p>',
  },
];
