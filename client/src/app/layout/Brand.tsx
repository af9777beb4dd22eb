import { IconBadgeCc } from '@tabler/icons-react';
import { Link } from 'react-router';
import { APP_VERSION, PRODUCT_NAME } from '../../lib/brand';
import classes from './layout.module.css';

/** Logo, product name and the app version {ip} (PRODUCT.md §2). */
export function Brand() {
  return (
    <Link to="/" className={classes.brand} aria-label={`${PRODUCT_NAME} home, version ${APP_VERSION}`}>
      <IconBadgeCc size={28} stroke={1.6} color="var(--mantine-color-indigo-6)" aria-hidden />
      <span>{PRODUCT_NAME}</span>
      <span className={classes.version}>v{APP_VERSION}</span>
    </Link>
  );
}
