import { Alert, Anchor, Text } from '@mantine/core';
import { BILLING_TEXTS } from '../../../../shared/schemas/billing';
import { EXTERNAL_LINKS } from '../../lib/external-links';

/** Said instead of a Buy button that could only fail: the server has no payment provider. */
export function PaymentsOffNotice() {
  return (
    <Alert color="yellow" title="Payments are not available">
      <Text size="sm">{BILLING_TEXTS.paymentsOff}</Text>
      <Text size="sm">
        {BILLING_TEXTS.paymentsOffContact}{' '}
        <Anchor href={EXTERNAL_LINKS.contactEmail} inherit>
          Contact us
        </Anchor>
      </Text>
    </Alert>
  );
}
