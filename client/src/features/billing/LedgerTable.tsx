import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { formatEuros } from '../../../../shared/money';
import { formatDateTime } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { type Column, DataTable } from '../../ui/DataTable';
import { serverMessage } from '../auth/server-errors';
import { formatSignedEuros, ledgerDetails, ledgerKindLabel } from './ledger-kinds';
import { refundableCharges } from './refundable';

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

/** The admin's refund of one video charge, behind a confirmation as in PRODUCT.md §5. */
function useRefund() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [charge, setCharge] = useState<LedgerRow | null>(null);
  const refund = useMutation(
    trpc.videos.refund.mutationOptions({
      onSuccess: async ({ refundedCents }) => {
        notifications.show({ color: 'green', message: `Refunded ${formatEuros(refundedCents)}` });
        setCharge(null);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.companies.ledger.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.companies.get.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.companies.list.queryKey() }),
        ]);
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: serverMessage(error, 'Failed to refund the video') });
        setCharge(null);
      },
    }),
  );
  const dialog = (
    <ConfirmDialog
      opened={charge !== null}
      title="Refund video"
      question={
        charge
          ? `Refund ${formatEuros(Math.abs(charge.amountCents))} for video #${charge.videoId} to this company?`
          : ''
      }
      confirmLabel="Refund"
      busy={refund.isPending}
      onConfirm={() => charge?.videoId && refund.mutate({ id: charge.videoId })}
      onCancel={() => setCharge(null)}
    />
  );
  return { ask: setCharge, dialog };
}

/**
 * Where a company's euros went (newest first): the caller's company, or `companyId` for an admin,
 * who may also refund a video charged in the last 2 days (`canRefund`).
 */
export function LedgerTable({ companyId, canRefund = false }: { companyId?: number; canRefund?: boolean }) {
  const trpc = useTRPC();
  const ledger = useQuery(trpc.companies.ledger.queryOptions({ id: companyId }));
  const refund = useRefund();
  const refundable = refundableCharges(ledger.data ?? [], new Date());
  const refundColumn: Column<LedgerRow> = {
    label: 'Actions',
    actions: true,
    render: (row) =>
      refundable.has(row.id) ? (
        <Button
          size="xs"
          variant="light"
          onClick={() => refund.ask(row)}
          aria-label={`Refund video #${row.videoId}`}
        >
          Refund
        </Button>
      ) : null,
  };
  return (
    <>
      <DataTable
        caption="Ledger"
        columns={canRefund ? [...COLUMNS, refundColumn] : COLUMNS}
        rows={ledger.data}
        rowKey={(row) => row.id}
        isLoading={ledger.isPending}
        error={ledger.isError ? 'The ledger could not be loaded.' : null}
        empty="No credits bought or spent yet."
      />
      {canRefund && refund.dialog}
    </>
  );
}
