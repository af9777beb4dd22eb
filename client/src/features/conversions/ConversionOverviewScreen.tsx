import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { useTRPC } from '../../lib/trpc';
import { type Column, DataTable } from '../../ui/DataTable';
import { EditLinkButton } from '../../ui/EditLinkButton';
import { Screen } from '../../ui/Screen';

type Conversion = inferRouterOutputs<AppRouter>['billing']['conversions'][number];

const COLUMNS: Column<Conversion>[] = [
  { label: '#', render: (conversion) => conversion.id },
  { label: 'Name', render: (conversion) => conversion.name },
  { label: 'Symbol', render: (conversion) => conversion.currency },
  { label: 'Rate', render: (conversion) => conversion.rate },
  {
    label: 'Edit',
    actions: true,
    render: (conversion) => (
      <EditLinkButton to={`/conversion/detail/${conversion.id}`} name={conversion.name} />
    ),
  },
];

/** /conversion/overview: the currency rates with an Edit button each. */
export function ConversionOverviewScreen() {
  const trpc = useTRPC();
  const conversions = useQuery(trpc.billing.conversions.queryOptions());
  return (
    <Screen title="Conversions">
      <DataTable
        caption="Conversions"
        columns={COLUMNS}
        rows={conversions.data}
        rowKey={(conversion) => conversion.id}
        isLoading={conversions.isPending}
        error={conversions.isError ? 'The conversions could not be loaded.' : null}
        empty="No conversions yet."
      />
    </Screen>
  );
}
