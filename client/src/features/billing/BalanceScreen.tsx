import { Alert, Button, Card, Center, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { BUY_LOADING_GRACE_MS, QUICK_PICK_EUROS } from '../../../../shared/limits';
import { formatEuros } from '../../../../shared/money';
import { BILLING_TEXTS } from '../../../../shared/schemas/billing';
import { hasCompany, hasSavedUploadData, useSession } from '../../lib/session';
import { useSiteLinks } from '../../lib/site-links';
import { FormFailure } from '../../ui/FormFailure';
import { Screen } from '../../ui/Screen';
import { SiteAnchor } from '../../ui/SiteAnchor';
import { useMe } from '../profile/use-me';
import { buyableEuros, missingFromState, prefilledEuros } from './buy-amount';
import { CreditAwaitNotice } from './CreditAwaitNotice';
import { LedgerTable } from './LedgerTable';
import { PaymentsOffNotice } from './PaymentsOffNotice';
import { useBalance } from './use-balance';
import { useCheckout } from './use-checkout';
import { usePaymentsEnabled } from './use-payments-enabled';
import { usePurchaseResult } from './use-purchase-result';

/** PRODUCT.md §4: the screen counts as loading for its first second (the no-company text stays hidden). */
function useLoadingGrace(): boolean {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setLoading(false), BUY_LOADING_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return loading;
}

function NoCompanyNotice() {
  const { contact } = useSiteLinks();
  return (
    <Alert color="yellow" role="status">
      <Text size="sm">
        {BILLING_TEXTS.noCompany}{' '}
        {contact && (
          <SiteAnchor href={contact} inherit>
            Contact us
          </SiteAnchor>
        )}
      </Text>
    </Alert>
  );
}

function BuyForm({ initialAmount }: { initialAmount: number | null }) {
  const [amount, setAmount] = useState<number | string>(initialAmount ?? '');
  const [invalid, setInvalid] = useState(false);
  const checkout = useCheckout();
  const euros = buyableEuros(amount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (euros === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    checkout.buy(euros);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add Balance">
      <Stack gap="sm">
        <Group gap="xs" role="group" aria-label="Quick picks">
          {QUICK_PICK_EUROS.map((pick) => (
            <Button
              key={pick}
              variant={amount === pick ? 'filled' : 'default'}
              aria-pressed={amount === pick}
              onClick={() => {
                setAmount(pick);
                setInvalid(false);
              }}
            >
              {formatEuros(pick * 100).replace('.00', '')}
            </Button>
          ))}
        </Group>
        <NumberInput
          label="Amount (€)"
          value={amount}
          onChange={setAmount}
          min={0.5}
          max={10_000}
          decimalScale={2}
          allowNegative={false}
          error={invalid ? BILLING_TEXTS.amountRequired : undefined}
          maw={260}
        />
        {initialAmount !== null && typeof amount === 'number' && amount > 0 && (
          <Text size="sm" c="dimmed">
            {BILLING_TEXTS.prefilled}
          </Text>
        )}
        <FormFailure message={checkout.error} />
        <Group>
          <Button type="submit" loading={checkout.isPending}>
            Buy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddBalance({ initialAmount }: { initialAmount: number | null }) {
  const session = useSession();
  const me = useMe();
  const paymentsEnabled = usePaymentsEnabled();
  const graceLoading = useLoadingGrace();
  const companyKnown = me.data ? me.data.companyId !== null : hasCompany(session.company);

  if (graceLoading || me.isPending || paymentsEnabled === null) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (!companyKnown) return <NoCompanyNotice />;
  if (!paymentsEnabled) return <PaymentsOffNotice />;
  return <BuyForm initialAmount={initialAmount} />;
}

/** /balance and /balance/:status: balance, Add Balance, the purchase toast and the company's ledger. */
export function BalanceScreen() {
  const { status } = useParams();
  const location = useLocation();
  const { balance, isLoading } = useBalance();
  const me = useMe();
  const [initialAmount] = useState(() => prefilledEuros(location.state));
  const [missing] = useState(() => (hasSavedUploadData() ? missingFromState(location.state) : null));
  const [search] = useSearchParams();
  const awaitedCredit = usePurchaseResult(status, search.get('session_id'));

  return (
    <Screen title="Current Balance" width="md">
      {/* An <output> is a polite live region: the new balance is announced when it arrives. */}
      <Text
        component="output"
        display="block"
        fz={36}
        fw={700}
        aria-label="Current Balance"
        aria-busy={isLoading}
      >
        {formatEuros(balance)}
      </Text>
      <CreditAwaitNotice state={awaitedCredit} />
      {missing !== null && (
        <Alert color="blue" variant="light" role="status" title="Your upload is waiting">
          {formatEuros(Math.round(missing * 100))} is missing to pay for it. After buying, your upload is
          offered again with its files.
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Add Balance
          </Title>
          <AddBalance initialAmount={initialAmount} />
        </Stack>
      </Card>
      {me.data?.companyId != null && (
        <Stack gap="xs">
          <Title order={2} size="h3">
            Where your euros went
          </Title>
          <LedgerTable />
        </Stack>
      )}
    </Screen>
  );
}
