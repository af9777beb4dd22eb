import { Button, Menu } from '@mantine/core';
import {
  IconBook,
  IconChevronDown,
  IconDatabase,
  IconKey,
  IconLogout,
  IconMail,
  IconSettings,
  IconUser,
  IconUserCircle,
  IconUsersGroup,
  IconVideo,
  IconWallet,
} from '@tabler/icons-react';
import { NavLink, useLocation } from 'react-router';
import { logOut } from '../../features/auth/log-out';
import { useIsCompanyAdmin } from '../../features/team/use-is-company-admin';
import { useSession } from '../../lib/session';
import { ADMIN_MENU_ENTRY, isCurrentPath, PROFILE_MENU, TEAM_MENU_ENTRY } from './navigation';
import { useAccountSummary } from './use-account-summary';

const ICON_SIZE = 16;

/** The logged-in dropdown of the navigation (PRODUCT.md §2). */
export function ProfileMenu() {
  const { pathname } = useLocation();
  const { balanceText, unreadMessages } = useAccountSummary();
  const { isAdmin } = useSession();
  const isCompanyAdmin = useIsCompanyAdmin();
  const onProfilePage = Object.values(PROFILE_MENU).some((entry) => isCurrentPath(pathname, entry.to));

  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant={onProfilePage ? 'light' : 'default'}
          leftSection={<IconUserCircle size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          color={unreadMessages ? 'red' : undefined}
        >
          My Account
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={NavLink}
          to={PROFILE_MENU.profile.to}
          leftSection={<IconUser size={ICON_SIZE} />}
        >
          {PROFILE_MENU.profile.label}
        </Menu.Item>
        <Menu.Item
          component={NavLink}
          to={PROFILE_MENU.videos.to}
          leftSection={<IconVideo size={ICON_SIZE} />}
        >
          {PROFILE_MENU.videos.label}
        </Menu.Item>
        <Menu.Item
          component={NavLink}
          to={PROFILE_MENU.messages.to}
          color={unreadMessages ? 'red' : undefined}
          leftSection={<IconMail size={ICON_SIZE} />}
          aria-label={unreadMessages ? 'Messages (new messages)' : undefined}
        >
          {PROFILE_MENU.messages.label}
        </Menu.Item>
        <Menu.Item
          component={NavLink}
          to={PROFILE_MENU.balance.to}
          leftSection={<IconWallet size={ICON_SIZE} />}
        >
          {balanceText}
        </Menu.Item>
        <Menu.Item
          component={NavLink}
          to={PROFILE_MENU.apiTokens.to}
          leftSection={<IconKey size={ICON_SIZE} />}
        >
          {PROFILE_MENU.apiTokens.label}
        </Menu.Item>
        <Menu.Item
          component={NavLink}
          to={PROFILE_MENU.companyData.to}
          leftSection={<IconDatabase size={ICON_SIZE} />}
        >
          {PROFILE_MENU.companyData.label}
        </Menu.Item>
        <Menu.Item
          component={NavLink}
          to={PROFILE_MENU.glossary.to}
          leftSection={<IconBook size={ICON_SIZE} />}
        >
          {PROFILE_MENU.glossary.label}
        </Menu.Item>
        {isCompanyAdmin && (
          <Menu.Item
            component={NavLink}
            to={TEAM_MENU_ENTRY.to}
            leftSection={<IconUsersGroup size={ICON_SIZE} />}
          >
            {TEAM_MENU_ENTRY.label}
          </Menu.Item>
        )}
        {isAdmin && (
          <Menu.Item
            component={NavLink}
            to={ADMIN_MENU_ENTRY.to}
            leftSection={<IconSettings size={ICON_SIZE} />}
          >
            {ADMIN_MENU_ENTRY.label}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item onClick={logOut} leftSection={<IconLogout size={ICON_SIZE} />}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
