import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { EditLinkButton } from '../../ui/EditLinkButton';
import { QueryState } from '../../ui/QueryState';
import { Screen } from '../../ui/Screen';
import stackedTable from '../../ui/stacked-table.module.css';
import classes from './content.module.css';
import { contentDetailPath } from './content-paths';
import { htmlPreview } from './html-preview';
import { PagesToReviewNotice } from './PagesToReviewNotice';

/** /admin/content/overview: every public page with #, Title, a plain-text Html preview and Edit. */
export function ContentOverviewScreen() {
  const trpc = useTRPC();
  const contents = useQuery(trpc.content.list.queryOptions());

  return (
    <Screen title="Content">
      <PagesToReviewNotice />
      <QueryState query={contents} loading="Loading content…" failed="Content could not be loaded">
        {(pages) => (
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            aria-label="Content pages"
            className={stackedTable.stacked}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>#</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Html</Table.Th>
                <Table.Th w={100}>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pages.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td data-label="#">{entry.id}</Table.Td>
                  <Table.Td fw={500} data-label="Title">
                    {entry.title}
                  </Table.Td>
                  <Table.Td data-label="Html">
                    <Text size="sm" c="dimmed" className={classes.preview}>
                      {htmlPreview(entry.html)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <EditLinkButton to={contentDetailPath(entry.id)} name={entry.title} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Screen>
  );
}
