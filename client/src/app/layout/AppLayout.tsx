import { AppShell, Burger, Group } from '@mantine/core';
import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useMessagesSync } from '../../features/messages/use-messages-count';
import { useVideoOutcomeAnnouncements } from '../../features/videos/use-video-outcome-announcements';
import { useLiveEventStream } from '../../lib/live-events';
import { Brand } from './Brand';
import { DesktopMenu } from './DesktopMenu';
import { Footer } from './Footer';
import classes from './layout.module.css';
import { MobileMenu } from './MobileMenu';

/** Below this breakpoint the top menu folds into the burger. */
const MENU_BREAKPOINT = 'lg';

export function AppLayout() {
  const { pathname } = useLocation();
  // One live stream of company events for the whole app; the unread highlight and the announcements of
  // finished videos follow it on every screen.
  useLiveEventStream();
  useMessagesSync();
  useVideoOutcomeAnnouncements();
  // The burger menu is open for the page it was opened on, so following a link closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const toggleMenu = () => setMenuOpenOn(menuOpen ? null : pathname);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 300, breakpoint: MENU_BREAKPOINT, collapsed: { mobile: !menuOpen, desktop: true } }}
      padding={0}
    >
      <ScrollRestoration />
      <a className={classes.skipLink} href="#main-content">
        Skip to content
      </a>
      <AppShell.Header>
        <div className={classes.header}>
          <Brand />
          <DesktopMenu visibleFrom={MENU_BREAKPOINT} />
          <Group hiddenFrom={MENU_BREAKPOINT}>
            <Burger
              opened={menuOpen}
              onClick={toggleMenu}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
            />
          </Group>
        </div>
      </AppShell.Header>
      <AppShell.Navbar id="mobile-menu" p="md" aria-label="Main menu">
        <MobileMenu />
      </AppShell.Navbar>
      {/* AppShell.Main is the page's one <main>: the skip link lands on it. */}
      <AppShell.Main id="main-content" className={classes.main} tabIndex={-1}>
        <div className={classes.content}>
          <Outlet />
        </div>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
