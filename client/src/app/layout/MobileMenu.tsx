import { Button, Divider, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { logOut } from '../../features/auth/log-out';
import { useIsCompanyAdmin } from '../../features/team/use-is-company-admin';
import { APP_VERSION } from '../../lib/brand';
import { useSession } from '../../lib/session';
import { useSiteLinks } from '../../lib/site-links';
import { ADMIN_MENU_ENTRY, isCurrentPath, mainMenu, PROFILE_MENU, TEAM_MENU_ENTRY } from './navigation';
import { useAccountSummary } from './use-account-summary';

/** The burger menu's contents: the same entries as the top menu, stacked. */
export function MobileMenu() {
  const { pathname } = useLocation();
  const session = useSession();
  const links = useSiteLinks();
  const { balanceText, unreadMessages } = useAccountSummary();
  const isCompanyAdmin = useIsCompanyAdmin();

  const routeLink = (label: string, to: string, end = false, color?: string) => (
    <MantineNavLink
      key={to}
      component={Link}
      to={to}
      label={label}
      active={isCurrentPath(pathname, to, end)}
      aria-current={isCurrentPath(pathname, to, end) ? 'page' : undefined}
      color={color}
      c={color}
    />
  );

  return (
    <Stack gap={4}>
      <nav aria-label="Main menu">
        {mainMenu(links).map((entry) =>
          entry.kind === 'route' ? (
            routeLink(entry.label, entry.to, entry.end)
          ) : (
            <MantineNavLink
              key={entry.label}
              href={entry.href}
              target="_blank"
              rel="noopener noreferrer"
              label={entry.label}
              rightSection={<IconExternalLink size={14} aria-label="(opens in a new tab)" />}
            />
          ),
        )}
      </nav>
      <Divider my="sm" />
      {session.loggedIn ? (
        <nav aria-label="My account">
          {routeLink(PROFILE_MENU.profile.label, PROFILE_MENU.profile.to)}
          {routeLink(PROFILE_MENU.videos.label, PROFILE_MENU.videos.to)}
          {routeLink(
            PROFILE_MENU.messages.label,
            PROFILE_MENU.messages.to,
            false,
            unreadMessages ? 'red' : undefined,
          )}
          {routeLink(balanceText, PROFILE_MENU.balance.to)}
          {routeLink(PROFILE_MENU.apiTokens.label, PROFILE_MENU.apiTokens.to)}
          {routeLink(PROFILE_MENU.companyData.label, PROFILE_MENU.companyData.to)}
          {routeLink(PROFILE_MENU.glossary.label, PROFILE_MENU.glossary.to)}
          {isCompanyAdmin && routeLink(TEAM_MENU_ENTRY.label, TEAM_MENU_ENTRY.to)}
          {session.isAdmin && routeLink(ADMIN_MENU_ENTRY.label, ADMIN_MENU_ENTRY.to)}
          <MantineNavLink
            component="button"
            type="button"
            label="Log Out"
            leftSection={<IconLogout size={16} />}
            onClick={logOut}
          />
        </nav>
      ) : (
        <Stack gap="xs">
          <Button
            component={Link}
            to="/login"
            variant={isCurrentPath(pathname, '/login') ? 'light' : 'default'}
            aria-current={isCurrentPath(pathname, '/login') ? 'page' : undefined}
            fullWidth
          >
            Log In
          </Button>
          <Button
            component={Link}
            to="/signup"
            aria-current={isCurrentPath(pathname, '/signup') ? 'page' : undefined}
            fullWidth
          >
            Sign Up
          </Button>
        </Stack>
      )}
      <Text size="xs" c="dimmed" mt="md">
        Version {APP_VERSION}
      </Text>
    </Stack>
  );
}
