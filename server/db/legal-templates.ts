/**
 * First-start texts of the legal pages and the contact page: complete enough to publish, marked as
 * templates on the page itself, and flagged for review (contents.review_needed) until an admin saves
 * them. Words in [brackets] are the operator's details to fill in.
 */

const reviewNotice =
  '<p><strong>Template — to be reviewed.</strong> This page is a starting text written for this service. The operator replaces the words in [brackets] and has it checked for their company and country on Admin › Content.</p>';

export const TERMS_TEMPLATE = `${reviewNotice}
<h3>1. Who we are</h3><p>This service is provided by [company name], [address], registered under [registration number] ("we"). You can reach us at [contact e-mail].</p>
<h3>2. The service</h3><p>You upload a video; we transcribe its speech, translate it when you ask us to, shape the text to the reading speed you choose and return a subtitle file (SRT) and a copy of the video with the subtitles burned in. You can also upload your own SRT file to have it burned in.</p>
<h3>3. Accounts</h3><p>Accounts belong to a company. You keep your password secret and tell us at once if someone else may know it. We may suspend an account that is used against these terms or the law.</p>
<h3>4. Credits and prices</h3><p>The service is paid from a prepaid balance in euros. Each video costs the price per started minute shown on the upload form, with the minimum price shown there; the price is taken from the balance when the upload is accepted. Prices include [VAT / no VAT]. Credits do not expire [or: expire after N months] and are not exchanged for money except as required by law.</p>
<h3>5. Refunds</h3><p>When we cannot deliver a video, its price returns to your balance automatically. For other complaints, contact support within 2 days of the upload. Two re-uploads of an edited SRT for the same video are free.</p>
<h3>6. Your content</h3><p>You keep every right to the videos and texts you upload and confirm that you may let us process them. You give us the permission needed to process them for you and nothing more. We do not publish your videos; an example shown on our site is used only with its owner's written consent.</p>
<h3>7. Automatic subtitles</h3><p>Subtitles are made by software and can contain mistakes. Review them before you publish them (see the Disclaimer).</p>
<h3>8. Availability and liability</h3><p>We aim to keep the service available but do not promise it will be without interruption. Our liability is limited to the amount you paid for the video concerned, except where the law does not allow such a limit.</p>
<h3>9. Changes</h3><p>We may change these terms; we announce changes in the product's Messages at least 30 days before they apply.</p>
<h3>10. Law</h3><p>These terms are governed by the law of [country]; disputes go to the courts of [city].</p>`;

export const PRIVACY_TEMPLATE = `${reviewNotice}
<h3>Controller</h3><p>[Company name], [address], [contact e-mail] is responsible for the processing of personal data in this service. [Data protection officer, if any.]</p>
<h3>What we process, and why</h3><ul><li><strong>Account data</strong> (name, e-mail address, company, password hash): to give you access; legal basis: the contract.</li><li><strong>Videos, audio and subtitles</strong> you upload: only to make your subtitles; legal basis: the contract. Speech in a video can be personal data of the people speaking; you confirm you may share it with us.</li><li><strong>Payments</strong> (amounts, dates, the payment provider's reference; never card numbers, which stay with [payment provider]): to keep your balance and our accounts; legal basis: the contract and legal obligations.</li><li><strong>Security logs</strong> (login attempts, IP addresses, the audit trail of administrative actions): to protect accounts; legal basis: our legitimate interest.</li></ul>
<h3>Who receives it</h3><p>Our hosting provider [name, location]. When you choose a cloud speech or translation engine, the audio or text of that video goes to [provider]. The payment provider [name] for purchases. Nobody else, unless the law requires it.</p>
<h3>How long we keep it</h3><p>Videos and subtitles: [N days] after processing, or until you delete them. Account data: while the account exists. Payment records: as long as tax law requires ([N] years).</p>
<h3>Your rights</h3><p>You may ask for access, correction, deletion, restriction, portability and object to processing, by writing to [contact e-mail]. You may complain to your data protection authority, [authority].</p>
<h3>Cookies</h3><p>We use one cookie that keeps you logged in and one that protects forms against forgery. We use no advertising or tracking cookies.</p>`;

export const DISCLAIMER_TEMPLATE = `${reviewNotice}
<p>Subtitles and translations on this service are made automatically. Speech recognition and machine translation can mishear words, misspell names, miss speakers who talk over each other and shorten sentences in ways that change their tone. Subtitles compressed to a reading speed leave words out on purpose.</p>
<p>Review every subtitle file before you publish it, in particular names, numbers, quotations and anything with legal, medical or safety consequences. [Company name] is not responsible for the use of subtitles that were published without review.</p>
<p>Example videos on this site show typical results; your videos' results depend on their sound, speakers and language.</p>`;

export const CONTACT_TEMPLATE = `${reviewNotice}
<p>Questions about your subtitles, your balance or your account? Write to <a href="mailto:[contact e-mail]">[contact e-mail]</a>; we answer on working days within [one working day].</p>
<p>For a refund, write within 2 days of the upload and name the video.</p>
<p>[Company name] · [address] · [phone number]</p>`;

/** The one-sentence texts earlier versions seeded; a page still holding one gets its template. */
export const FIRST_DRAFTS: Record<string, string> = {
  terms: '<p>Credits are prepaid in euros and used per started minute of video.</p>',
  privacy:
    '<p>Your videos and subtitles are visible only to the users of your company and are processed only to make your subtitles.</p>',
  disclaimer: '<p>Automatic subtitles can contain mistakes. Review them before publishing.</p>',
};
