import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '../../../../../shared/schemas/dashboard';
import { useTRPC } from '../../../lib/trpc';
import { QueryState } from '../../../ui/QueryState';
import { dayLabel, euros, sumOf } from './figures';
import { LowestBalancesCard, QueueCard, WorkersCard } from './NowCards';

const PERIOD_OPTIONS = DASHBOARD_PERIODS.map((days) => ({ value: String(days), label: `${days} days` }));

function ChartCard({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm" c="dimmed" data-summary>
          {summary}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The admins' view of the whole system at a glance: what was processed and sold over the chosen
 * period, where steps fail, and the queue, workers and low balances now (one tRPC query).
 */
export function AdminDashboard() {
  const trpc = useTRPC();
  const [days, setDays] = useState<DashboardPeriod>(30);
  const dashboard = useQuery(
    trpc.dashboard.overview.queryOptions(
      { days },
      { placeholderData: keepPreviousData, refetchInterval: 30_000 },
    ),
  );
  return (
    <Stack gap="md" aria-label="Dashboard" component="section">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Dashboard
        </Title>
        <SegmentedControl
          aria-label="Period"
          value={String(days)}
          onChange={(value) => setDays(Number(value) as DashboardPeriod)}
          data={PERIOD_OPTIONS}
        />
      </Group>
      <QueryState
        query={dashboard}
        loading="Loading the dashboard…"
        failed="The dashboard could not be loaded"
      >
        {(data) => (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <ChartCard
                title="Minutes processed per day"
                summary={`${sumOf(data.minutesPerDay, 'generate', 'hardcode')} minutes in the last ${data.days} days, by upload day`}
              >
                <BarChart
                  h={220}
                  data={data.minutesPerDay.map((day) => ({ ...day, day: dayLabel(day.day) }))}
                  dataKey="day"
                  type="stacked"
                  series={[
                    { name: 'generate', label: 'Generated', color: 'blue.6' },
                    { name: 'hardcode', label: 'Own subtitles', color: 'teal.6' },
                  ]}
                  withLegend
                  unit=" min"
                />
              </ChartCard>
              <ChartCard
                title="Revenue and refunds per day"
                summary={`${euros(sumOf(data.moneyPerDay, 'sold'))} sold, ${euros(sumOf(data.moneyPerDay, 'charged'))} charged, ${euros(sumOf(data.moneyPerDay, 'refunded'))} refunded`}
              >
                <LineChart
                  h={220}
                  data={data.moneyPerDay.map((day) => ({ ...day, day: dayLabel(day.day) }))}
                  dataKey="day"
                  series={[
                    { name: 'sold', label: 'Sold', color: 'green.6' },
                    { name: 'charged', label: 'Charged', color: 'blue.6' },
                    { name: 'refunded', label: 'Refunded', color: 'red.6' },
                  ]}
                  withLegend
                  valueFormatter={euros}
                  curveType="linear"
                  withDots={false}
                />
              </ChartCard>
              <ChartCard
                title="Failure rate by step"
                summary={`${sumOf(data.failureRateByStep, 'failed')} failed of ${sumOf(data.failureRateByStep, 'runs')} finished steps`}
              >
                <BarChart
                  h={220}
                  data={data.failureRateByStep.map((step) => ({ step: step.label, failed: step.rate * 100 }))}
                  dataKey="step"
                  series={[{ name: 'failed', label: 'Failed', color: 'red.6' }]}
                  unit="%"
                  yAxisProps={{ domain: [0, 100] }}
                />
              </ChartCard>
              <QueueCard queue={data.queue} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <WorkersCard workers={data.workers} />
              <LowestBalancesCard companies={data.lowestBalances} />
            </SimpleGrid>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
