import { Alert, Text } from '@mantine/core';
import { BILLING_TEXTS } from '../../../../shared/schemas/billing';
import { useSiteLinks } from '../../lib/site-links';
import { SiteAnchor } from '../../ui/SiteAnchor';

/** Said instead of a Buy button that could only fail: the server has no payment provider. */
export function PaymentsOffNotice() {
  const { contact } = useSiteLinks();
  return (
    <Alert color="yellow" title="Payments are not available">
      <Text size="sm">{BILLING_TEXTS.paymentsOff}</Text>
      {contact && (
        <Text size="sm">
          {BILLING_TEXTS.paymentsOffContact}{' '}
          <SiteAnchor href={contact} inherit>
            Contact us
          </SiteAnchor>
        </Text>
      )}
    </Alert>
  );
}
