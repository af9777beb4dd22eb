import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/brand';
import { EXTERNAL_LINKS, SOCIAL_LINKS } from '../../lib/external-links';
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

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const newTab = href.startsWith('http');
  return (
    <Anchor
      href={href}
      className={classes.footerLink}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
    >
      {children}
    </Anchor>
  );
}

/** SPEC footer: social links, terms, disclaimer, privacy, contact, knowledge base and a copyright line. */
export function Footer() {
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
          <FooterColumn title="Knowledge base">
            <InternalLink to="/help">Help</InternalLink>
            <InternalLink to="/faq">FAQ</InternalLink>
            <ExternalLink href={EXTERNAL_LINKS.helpCentre}>Help centre</ExternalLink>
            <ExternalLink href={EXTERNAL_LINKS.uploadGuide}>Upload guide</ExternalLink>
          </FooterColumn>
          <FooterColumn title="Legal">
            <InternalLink to="/terms">Terms and conditions</InternalLink>
            <InternalLink to="/disclaimer">Disclaimer</InternalLink>
            <InternalLink to="/privacy">Privacy</InternalLink>
          </FooterColumn>
          <FooterColumn title="Contact">
            <ExternalLink href={EXTERNAL_LINKS.contactEmail}>Contact us</ExternalLink>
            <ExternalLink href={EXTERNAL_LINKS.supportTicket}>Open a support ticket</ExternalLink>
            <InternalLink to="/about">About us</InternalLink>
          </FooterColumn>
          <FooterColumn title="Follow us">
            {SOCIAL_LINKS.map((social) => (
              <ExternalLink key={social.label} href={social.href}>
                {social.label}
              </ExternalLink>
            ))}
          </FooterColumn>
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
