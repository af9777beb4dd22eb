import { Alert, Center, Loader, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './DataTable.module.css';

export interface Column<Row> {
  /** Column heading; also the label each cell carries when rows become cards on small screens. */
  label: string;
  render: (row: Row) => ReactNode;
  /** Buttons at the end of the row: right-aligned, and unlabelled on a card. */
  actions?: boolean;
  /** Keeps line breaks (multi-line addresses). */
  preLine?: boolean;
}

export interface DataTableProps<Row> {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  isLoading?: boolean;
  /** A text to show instead of the rows when loading failed. */
  error?: string | null;
  /** The text shown when there are no rows; null when a pager below already says so. */
  empty?: string | null;
}

/** The admin screens' table: a plain table on wide screens, stacked labelled cards on phones. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading = false,
  error,
  empty = 'Nothing here yet.',
}: DataTableProps<Row>) {
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  }
  if (isLoading || !rows) {
    return (
      <Center py="lg">
        <Loader aria-label={`Loading ${caption.toLowerCase()}`} />
      </Center>
    );
  }
  if (rows.length === 0) {
    return empty === null ? null : <Text c="dimmed">{empty}</Text>;
  }
  return (
    <Table className={classes.table} striped highlightOnHover verticalSpacing="sm" aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.label} className={column.actions ? classes.actions : undefined}>
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td
                key={column.label}
                data-label={column.label}
                className={column.actions ? classes.actions : undefined}
                style={column.preLine ? { whiteSpace: 'pre-line' } : undefined}
              >
                {column.render(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
