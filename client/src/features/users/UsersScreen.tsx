import { ActionIcon, Badge, Button, Group, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/limits';
import { ACCOUNT_MESSAGES } from '../../../../shared/schemas/accounts';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { type Column, DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import { Screen } from '../../ui/Screen';
import { serverMessage } from '../auth/server-errors';
import { ResetPasswordModal } from './ResetPasswordModal';
import { SelectCompanyModal } from './SelectCompanyModal';
import type { AdminUser } from './user-types';

const LOAD_FAILED = 'The users could not be loaded.';
const USER_DELETED = 'User deleted';
const DELETE_FAILED = 'Failed to delete the user';

/** The address, marked when its owner has not confirmed it by the e-mailed link. */
function EmailCell({ user }: { user: AdminUser }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span>{user.email}</span>
      {!user.emailVerified && (
        <Badge size="xs" variant="light" color="yellow">
          Unverified
        </Badge>
      )}
    </Group>
  );
}

function UsersWithoutCompany({ onSelect }: { onSelect: (user: AdminUser) => void }) {
  const trpc = useTRPC();
  const users = useQuery(trpc.users.withoutCompany.queryOptions());
  const columns: Column<AdminUser>[] = [
    { label: 'Username', render: (user) => user.username },
    { label: 'Email', render: (user) => <EmailCell user={user} /> },
    { label: 'Suggestion', render: (user) => user.suggestion ?? '-' },
    {
      label: 'Actions',
      actions: true,
      render: (user) => (
        <Button size="xs" onClick={() => onSelect(user)} aria-label={`Select Company for ${user.username}`}>
          Select Company
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Users without a valid Company:
      </Title>
      <DataTable
        caption="Users without a valid Company"
        columns={columns}
        rows={users.data}
        rowKey={(user) => user.id}
        isLoading={users.isPending}
        error={users.isError ? LOAD_FAILED : null}
        empty="Every user belongs to a company."
      />
    </Stack>
  );
}

function AllUsers({
  onResetPassword,
  onDelete,
}: {
  onResetPassword: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const users = useQuery({
    ...trpc.users.list.queryOptions({ search: debouncedSearch || undefined }),
    placeholderData: keepPreviousData,
  });
  const all = users.data ?? [];
  // The server answers the whole (searched) list; the pager splits it into the default page size
  // (PRODUCT.md §9).
  const lastPage = Math.max(1, Math.ceil(all.length / DEFAULT_PAGE_SIZE));
  const shownPage = Math.min(page, lastPage);
  const rows = users.data?.slice((shownPage - 1) * DEFAULT_PAGE_SIZE, shownPage * DEFAULT_PAGE_SIZE);

  const columns: Column<AdminUser>[] = [
    {
      label: 'Username',
      render: (user) => (
        <Group gap={6} wrap="nowrap">
          <span>{user.username}</span>
          {user.role === 'Admin' && (
            <Badge size="xs" variant="light">
              Admin
            </Badge>
          )}
        </Group>
      ),
    },
    { label: 'Email', render: (user) => <EmailCell user={user} /> },
    { label: 'Company', render: (user) => user.companyName ?? '-' },
    {
      label: 'Actions',
      actions: true,
      render: (user) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label="Reset password" withArrow>
            <ActionIcon
              variant="subtle"
              onClick={() => onResetPassword(user)}
              aria-label={`Reset password of ${user.username}`}
            >
              <IconKey size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete user" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(user)}
              aria-label={`Delete ${user.username}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        All users
      </Title>
      <TextInput
        placeholder="Search username or email..."
        aria-label="Search username or email"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      <DataTable
        caption="Users"
        columns={columns}
        rows={rows}
        rowKey={(user) => user.id}
        isLoading={users.isPending}
        error={users.isError ? LOAD_FAILED : null}
        empty={null}
      />
      {users.data && <Pagination type="Users" total={all.length} page={shownPage} onPageChange={setPage} />}
    </Stack>
  );
}

/** /admin/user/overview (PRODUCT.md §2: heading Users). */
export function UsersScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [selecting, setSelecting] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: USER_DELETED });
        setDeleting(null);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.users.withoutCompany.queryKey() }),
        ]);
      },
      onError: (failure) => {
        notifications.show({ color: 'red', message: serverMessage(failure, DELETE_FAILED) });
        setDeleting(null);
      },
    }),
  );

  return (
    <Screen title="Users">
      <UsersWithoutCompany onSelect={setSelecting} />
      <AllUsers onResetPassword={setResetting} onDelete={setDeleting} />
      <SelectCompanyModal user={selecting} onClose={() => setSelecting(null)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete user"
        question={ACCOUNT_MESSAGES.confirmDeleteUser}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ userId: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </Screen>
  );
}
