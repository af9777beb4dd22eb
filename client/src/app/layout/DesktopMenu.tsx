import { Button, Group, type MantineBreakpoint } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { useSiteLinks } from '../../lib/site-links';
import { MenuLink } from './MenuLink';
import { mainMenu } from './navigation';
import { ProfileMenu } from './ProfileMenu';

export function DesktopMenu({ visibleFrom }: { visibleFrom: MantineBreakpoint }) {
  const session = useSession();
  const links = useSiteLinks();
  const { pathname } = useLocation();
  const onLogin = pathname === '/login' || pathname === '/user/login';
  const onSignup = pathname === '/signup';
  return (
    <Group gap="xs" wrap="nowrap" visibleFrom={visibleFrom}>
      <nav aria-label="Main menu">
        <Group gap={2} wrap="nowrap">
          {mainMenu(links).map((entry) => (
            <MenuLink key={entry.label} entry={entry} />
          ))}
        </Group>
      </nav>
      {session.loggedIn ? (
        <ProfileMenu />
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Button
            component={Link}
            to="/login"
            variant={onLogin ? 'light' : 'default'}
            aria-current={onLogin ? 'page' : undefined}
          >
            Log In
          </Button>
          <Button component={Link} to="/signup" aria-current={onSignup ? 'page' : undefined}>
            Sign Up
          </Button>
        </Group>
      )}
    </Group>
  );
}
