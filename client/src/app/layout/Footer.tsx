import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SITE_LINKS, SOCIAL_LINK_KEYS } from '../../../../shared/site-links';
import { PRODUCT_NAME } from '../../lib/brand';
import { useSiteLinks } from '../../lib/site-links';
import { SiteAnchor } from '../../ui/SiteAnchor';
import classes from './layout.module.css';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={2} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function InternalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} className={classes.footerLink}>
      {children}
    </Anchor>
  );
}

/** An admin-set link, left out while it has no address. */
function SettingLink({ href, children }: { href: string | null; children: ReactNode }) {
  if (!href) return null;
  return (
    <SiteAnchor href={href} className={classes.footerLink}>
      {children}
    </SiteAnchor>
  );
}

/**
 * PRODUCT.md §2 footer: social links, terms, disclaimer, privacy, contact, knowledge base and a copyright
 * line.
 */
export function Footer() {
  const links = useSiteLinks();
  const socials = SOCIAL_LINK_KEYS.filter((key) => links[key]);
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
          <FooterColumn title="Knowledge base">
            <InternalLink to="/help">Help</InternalLink>
            <InternalLink to="/faq">FAQ</InternalLink>
            {links.helpCentre !== '/help' && <SettingLink href={links.helpCentre}>Help centre</SettingLink>}
            {links.uploadGuide !== '/help' && (
              <SettingLink href={links.uploadGuide}>Upload guide</SettingLink>
            )}
          </FooterColumn>
          <FooterColumn title="Legal">
            <InternalLink to="/terms">Terms and conditions</InternalLink>
            <InternalLink to="/disclaimer">Disclaimer</InternalLink>
            <InternalLink to="/privacy">Privacy</InternalLink>
          </FooterColumn>
          <FooterColumn title="Contact">
            <SettingLink href={links.contact}>Contact us</SettingLink>
            {links.supportTicket !== links.contact && (
              <SettingLink href={links.supportTicket}>Open a support ticket</SettingLink>
            )}
            <InternalLink to="/about">About us</InternalLink>
          </FooterColumn>
          {socials.length > 0 && (
            <FooterColumn title="Follow us">
              {socials.map((key) => (
                <SettingLink key={key} href={links[key]}>
                  {SITE_LINKS[key].label}
                </SettingLink>
              ))}
            </FooterColumn>
          )}
        </SimpleGrid>
        <Group justify="center" mt="xl">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </Text>
        </Group>
      </div>
    </footer>
  );
}
