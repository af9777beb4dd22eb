import { ActionIcon, Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { AUDIT_PAGE_SIZE } from '../../../../shared/limits';
import { formatDateTime, formatMediumDate } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { type Column, DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import { Screen } from '../../ui/Screen';

type AuditRow = inferRouterOutputs<AppRouter>['audit']['list']['rows'][number];

/** PRODUCT.md §2: '-' when a value is empty. */
const orDash = (value: string | null | undefined) => (value?.trim() ? value : '-');

function ClientReportedBadge({ row }: { row: AuditRow }) {
  if (!row.clientReported) return null;
  return (
    <Tooltip label="Sent by a legacy client, not written by the server" withArrow>
      <Badge size="xs" color="orange" variant="light" ml={6} tabIndex={0}>
        client-reported
      </Badge>
    </Tooltip>
  );
}

function DetailLine({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{value}</Text>
    </div>
  );
}

function AuditDetail({ row, onClose }: { row: AuditRow | null; onClose: () => void }) {
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title="Audit Detail"
      centered
      transitionProps={{ duration: 150, exitDuration: 75 }}
    >
      {row && (
        <Stack gap="sm">
          <DetailLine label="Date" value={formatMediumDate(row.createdAt)} />
          <DetailLine label="Action" value={orDash(row.action)} />
          <DetailLine label="User" value={orDash(row.userEmail)} />
          {row.clientReported && (
            <Text size="sm" c="orange.8">
              This line was reported by a legacy client.
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** /admin/audit: the audit trail, 10 a page, newest first, with an 'Audit Detail' dialog. */
export function AuditScreen() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<AuditRow | null>(null);
  const audit = useQuery({
    ...trpc.audit.list.queryOptions({ page, pageSize: AUDIT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const columns: Column<AuditRow>[] = [
    { label: 'Date', render: (row) => formatDateTime(row.createdAt) },
    {
      label: 'Action',
      render: (row) => (
        <>
          <Text inherit lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {orDash(row.action)}
          </Text>
          <ClientReportedBadge row={row} />
        </>
      ),
    },
    { label: 'User', render: (row) => orDash(row.userEmail) },
    {
      label: 'Detail',
      actions: true,
      render: (row) => (
        <Tooltip label="Show detail" withArrow>
          <ActionIcon
            variant="subtle"
            onClick={() => setShown(row)}
            aria-label={`Show detail of entry ${row.id}`}
          >
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <Screen title="Audit Trail">
      <DataTable
        caption="Audit trail"
        columns={columns}
        rows={audit.data?.rows}
        rowKey={(row) => row.id}
        isLoading={audit.isPending}
        error={audit.isError ? 'The audit trail could not be loaded.' : null}
        empty={null}
      />
      {audit.data && (
        <Pagination
          type="Entries"
          total={audit.data.total}
          page={page}
          pageSize={AUDIT_PAGE_SIZE}
          onPageChange={setPage}
        />
      )}
      <AuditDetail row={shown} onClose={() => setShown(null)} />
    </Screen>
  );
}
