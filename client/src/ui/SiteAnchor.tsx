import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isOwnRoute } from '../lib/site-links';

/** A link to an admin-set address: a route of the app, a web page in a new tab, or an e-mail address. */
export function SiteAnchor({
  href,
  children,
  ...props
}: AnchorProps & { href: string; children: ReactNode }) {
  if (isOwnRoute(href)) {
    return (
      <Anchor component={Link} to={href} {...props}>
        {children}
      </Anchor>
    );
  }
  const newTab = /^https?:/i.test(href);
  return (
    <Anchor
      href={href}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
      {...props}
    >
      {children}
    </Anchor>
  );
}
