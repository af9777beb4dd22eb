import { Card, Group, Loader, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  type Icon,
  IconBuilding,
  IconCurrencyEuro,
  IconFileText,
  IconHistory,
  IconLink,
  IconMail,
  IconMovie,
  IconReceipt,
  IconUsers,
  IconVideoOff,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Screen } from '../../ui/Screen';
import { PagesToReviewNotice } from '../content/PagesToReviewNotice';
import { EnginesCard } from './EnginesCard';

// The charts (recharts) load with the overview only, not with every screen.
const AdminDashboard = lazy(async () => ({
  default: (await import('./dashboard/AdminDashboard')).AdminDashboard,
}));

interface AdminLink {
  to: string;
  label: string;
  description: string;
  icon: Icon;
}

const ADMIN_LINKS: readonly AdminLink[] = [
  {
    to: '/admin/user/overview',
    label: 'Users',
    description: 'Assign companies, reset passwords',
    icon: IconUsers,
  },
  {
    to: '/company/overview',
    label: 'Companies',
    description: 'Names, addresses, balances and ledgers',
    icon: IconBuilding,
  },
  { to: '/admin/message/overview', label: 'Messages', description: 'Messages to companies', icon: IconMail },
  { to: '/admin/content/overview', label: 'Content', description: 'Public page texts', icon: IconFileText },
  {
    to: '/admin/links',
    label: 'Links',
    description: 'Help centre, contact, support and social links',
    icon: IconLink,
  },
  {
    to: '/admin/showcase',
    label: 'Public videos',
    description: 'Videos on the home page and the examples page',
    icon: IconMovie,
  },
  {
    to: '/admin/prices',
    label: 'Prices',
    description: 'Price per minute and minimum price',
    icon: IconReceipt,
  },
  { to: '/conversion/overview', label: 'Conversions', description: 'Currency rates', icon: IconCurrencyEuro },
  { to: '/admin/audit', label: 'Audit trail', description: 'Who did what, and when', icon: IconHistory },
  {
    to: '/admin/videos/failed',
    label: 'Failed videos',
    description: 'Why they failed, and a retry',
    icon: IconVideoOff,
  },
];

/**
 * /admin/overview: not the legacy placeholder but the admins' way into their screens (PRODUCT.md §2),
 * with the dashboard of the whole system under them.
 */
export function AdminOverviewScreen() {
  return (
    <Screen title="Admin Overview">
      <PagesToReviewNotice />
      <EnginesCard />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {ADMIN_LINKS.map(({ to, label, description, icon: LinkIcon }) => (
          <UnstyledButton key={to} component={Link} to={to} aria-label={label}>
            <Card withBorder padding="lg" h="100%">
              <ThemeIcon variant="light" size="lg" mb="sm">
                <LinkIcon size={20} aria-hidden />
              </ThemeIcon>
              <Text fw={600}>{label}</Text>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Suspense
        fallback={
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Loading the dashboard…</Text>
          </Group>
        }
      >
        <AdminDashboard />
      </Suspense>
    </Screen>
  );
}
