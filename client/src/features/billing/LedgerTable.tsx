import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';
import { formatEuros } from '../../../../shared/money';
import { useTRPC } from '../../lib/trpc';
import { type Column, DataTable } from '../admin/DataTable';
import { formatDateTime } from '../admin/dates';
import { formatSignedEuros, ledgerDetails, ledgerKindLabel } from './ledger-kinds';

type LedgerRow = inferRouterOutputs<AppRouter>['companies']['ledger'][number];

const COLUMNS: Column<LedgerRow>[] = [
  { label: 'Date', render: (row) => formatDateTime(row.createdAt) },
  { label: 'Kind', render: (row) => ledgerKindLabel(row.kind) },
  {
    label: 'Amount',
    render: (row) => (
      <Text span inherit c={row.amountCents < 0 ? 'red.8' : 'teal.8'} fw={500}>
        {formatSignedEuros(row.amountCents)}
      </Text>
    ),
  },
  { label: 'Balance after', render: (row) => formatEuros(row.balanceAfterCents) },
  {
    label: 'Details',
    render: (row) => (
      <Text span size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} title={row.reference ?? undefined}>
        {ledgerDetails(row)}
      </Text>
    ),
  },
];

/** Where a company's euros went (newest first): the caller's company, or `companyId` for an admin. */
export function LedgerTable({ companyId }: { companyId?: number }) {
  const trpc = useTRPC();
  const ledger = useQuery(trpc.companies.ledger.queryOptions({ id: companyId }));
  return (
    <DataTable
      caption="Ledger"
      columns={COLUMNS}
      rows={ledger.data}
      rowKey={(row) => row.id}
      isLoading={ledger.isPending}
      error={ledger.isError ? 'The ledger could not be loaded.' : null}
      empty="No credits bought or spent yet."
    />
  );
}
