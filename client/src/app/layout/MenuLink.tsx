import { IconExternalLink } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import classes from './layout.module.css';
import type { MenuEntry } from './navigation';

/** A top-menu link; react-router marks the current page with aria-current, which the style highlights. */
export function MenuLink({ entry }: { entry: MenuEntry }) {
  if (entry.kind === 'external') {
    return (
      <a className={classes.link} href={entry.href} target="_blank" rel="noopener noreferrer">
        {entry.label}
        <IconExternalLink size={14} aria-label="(opens in a new tab)" />
      </a>
    );
  }
  return (
    <NavLink className={classes.link} to={entry.to} end={entry.end ?? false}>
      {entry.label}
    </NavLink>
  );
}
