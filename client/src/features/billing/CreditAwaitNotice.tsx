import { Alert, Group, Loader, Text } from '@mantine/core';
import { BILLING_TEXTS } from '../../../../shared/schemas/billing';
import { useSiteLinks } from '../../lib/site-links';
import { SiteAnchor } from '../../ui/SiteAnchor';
import type { AwaitedCredit } from './use-awaited-credit';

const CONTACT_WORDS = 'contact us';

/** The text with its last "contact us" as the link to the contact page. */
function TextWithContactLink({ text, href }: { text: string; href: string }) {
  const at = text.lastIndexOf(CONTACT_WORDS);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <SiteAnchor href={href} inherit>
        {CONTACT_WORDS}
      </SiteAnchor>
      {text.slice(at + CONTACT_WORDS.length)}
    </>
  );
}

/** Paid at the provider, not credited yet: said calmly while waiting, plainly once it is late. */
export function CreditAwaitNotice({ state }: { state: AwaitedCredit | null }) {
  const { contact } = useSiteLinks();
  if (state === 'waiting') {
    return (
      <Alert color="blue" variant="light" role="status" aria-label="Payment">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{BILLING_TEXTS.awaitingCredit}</Text>
        </Group>
      </Alert>
    );
  }
  if (state === 'late') {
    return (
      <Alert color="yellow" variant="light" role="status" aria-label="Payment">
        <Text size="sm">
          {contact ? (
            <TextWithContactLink text={BILLING_TEXTS.creditLate} href={contact} />
          ) : (
            BILLING_TEXTS.creditLate
          )}
        </Text>
      </Alert>
    );
  }
  return null;
}
