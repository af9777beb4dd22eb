import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { COMPANIES_PAGE_SIZE } from '../../../../shared/limits';
import { formatEuros } from '../../../../shared/money';
import { useTRPC } from '../../lib/trpc';
import { type Column, DataTable } from '../../ui/DataTable';
import { EditLinkButton } from '../../ui/EditLinkButton';
import { Pagination } from '../../ui/Pagination';
import { Screen } from '../../ui/Screen';
import { CreateCompanyModal } from './CreateCompanyModal';

type CompanyRow = inferRouterOutputs<AppRouter>['companies']['list']['companies'][number];

const COLUMNS: Column<CompanyRow>[] = [
  { label: 'Id', render: (company) => company.id },
  { label: 'Name', render: (company) => company.name },
  { label: 'Address', render: (company) => company.address, preLine: true },
  { label: 'Balance in euro', render: (company) => formatEuros(company.creditsCents) },
  {
    label: 'Edit',
    actions: true,
    render: (company) => <EditLinkButton to={`/company/detail/${company.id}`} name={company.name} />,
  },
];

/** /company/overview: the companies, 10 a page, and the Create Company modal. */
export function CompanyOverviewScreen() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const companies = useQuery({
    ...trpc.companies.list.queryOptions({ page, pageSize: COMPANIES_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  return (
    <Screen title="Companies">
      <Group>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          Create Company
        </Button>
      </Group>
      <DataTable
        caption="Companies"
        columns={COLUMNS}
        rows={companies.data?.companies}
        rowKey={(company) => company.id}
        isLoading={companies.isPending}
        error={companies.isError ? 'The companies could not be loaded.' : null}
        empty={null}
      />
      {companies.data && (
        <Pagination
          type="Companies"
          total={companies.data.total}
          page={page}
          pageSize={COMPANIES_PAGE_SIZE}
          onPageChange={setPage}
        />
      )}
      <CreateCompanyModal opened={creating} onClose={() => setCreating(false)} />
    </Screen>
  );
}
