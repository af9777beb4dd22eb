import { Alert, Group, Loader, Text } from '@mantine/core';
import { BILLING_TEXTS } from '../../../../shared/schemas/billing';
import { useSiteLinks } from '../../lib/site-links';
import { SiteAnchor } from '../../ui/SiteAnchor';
import type { AwaitedCredit } from './use-awaited-credit';

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
          {BILLING_TEXTS.creditLate}{' '}
          {contact && (
            <SiteAnchor href={contact} inherit>
              Contact us
            </SiteAnchor>
          )}
        </Text>
      </Alert>
    );
  }
  return null;
}
