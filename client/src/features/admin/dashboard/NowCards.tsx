import { Anchor, Badge, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminDashboard } from '../../../../../shared/schemas/dashboard';
import { euros, taskLabel } from './figures';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function NowCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The queue now, and the steps that failed for good in the last 24 hours with their technical cause. */
export function QueueCard({ queue }: { queue: AdminDashboard['queue'] }) {
  return (
    <NowCard title="Queue now">
      <Group gap="sm">
        <Badge variant="light" color="blue" size="lg">
          {queue.waiting} waiting
        </Badge>
        <Badge variant="light" color="green" size="lg">
          {queue.running} running
        </Badge>
        <Badge variant="light" color={queue.failedLast24h > 0 ? 'red' : 'gray'} size="lg">
          {queue.failedLast24h} failed in the last 24 h
        </Badge>
      </Group>
      {queue.failures.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing failed in the last 24 hours.
        </Text>
      ) : (
        <List size="sm" spacing={4} aria-label="Failures in the last 24 hours">
          {queue.failures.map((failure) => (
            <List.Item key={`${failure.at}-${failure.task}-${failure.videoId}`}>
              {time(failure.at)} · {taskLabel(failure.task)}
              {failure.videoId !== null && ` of video ${failure.videoId}`}:{' '}
              {failure.error || 'no cause recorded'}
            </List.Item>
          ))}
        </List>
      )}
      {/* Not "Failed videos": the tile above has that name, and one name leads to one place. */}
      <Anchor component={Link} to="/admin/videos/failed" size="sm">
        See the causes and retry
      </Anchor>
    </NowCard>
  );
}

/** Each worker with a recent heartbeat, and what it is doing. */
export function WorkersCard({ workers }: { workers: AdminDashboard['workers'] }) {
  return (
    <NowCard title={`Workers alive: ${workers.length}`}>
      {workers.length === 0 ? (
        <Text size="sm" c="red">
          No worker has reported in the last 30 seconds: videos wait until one runs.
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {workers.map((worker) => (
            <List.Item key={worker.id}>
              <Text span ff="monospace" size="sm">
                {worker.id}
              </Text>
              {': '}
              {worker.jobs.length === 0
                ? 'idle'
                : worker.jobs
                    .map(
                      (job) =>
                        `${taskLabel(job.task)}${job.videoId === null ? '' : ` of video ${job.videoId}`} since ${time(job.since)}`,
                    )
                    .join('; ')}
            </List.Item>
          ))}
        </List>
      )}
    </NowCard>
  );
}

/** The companies closest to running out of credits, each a link to its page. */
export function LowestBalancesCard({ companies }: { companies: AdminDashboard['lowestBalances'] }) {
  return (
    <NowCard title="Lowest balances">
      {companies.length === 0 ? (
        <Text size="sm" c="dimmed">
          No companies yet.
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Company</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {companies.map((company) => (
              <Table.Tr key={company.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/company/detail/${company.id}`} size="sm">
                    {company.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{euros(company.balance)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </NowCard>
  );
}
