import {
  resolveSiteLinks,
  SITE_LINK_KEYS,
  SITE_LINKS,
  type SiteLinkKey,
  type SiteLinks,
  type SiteLinksUpdate,
} from '../../../shared/site-links';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { SessionUser } from '../../http/session-user';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

const isKey = (key: string): key is SiteLinkKey => (SITE_LINK_KEYS as string[]).includes(key);

async function savedAddresses(db: Db): Promise<Partial<Record<SiteLinkKey, string>>> {
  const rows = await repo.listSaved(db);
  return Object.fromEntries(rows.filter((row) => isKey(row.key)).map((row) => [row.key, row.address]));
}

/** The links every screen shows: saved addresses, else the product's own pages, else hidden. */
export async function siteLinks(db: Db): Promise<SiteLinks> {
  return resolveSiteLinks(await savedAddresses(db));
}

/** What an admin's form shows: only the addresses an admin set ('' where the fallback applies). */
export async function savedSiteLinks(db: Db): Promise<Record<SiteLinkKey, string>> {
  const saved = await savedAddresses(db);
  return Object.fromEntries(SITE_LINK_KEYS.map((key) => [key, saved[key] ?? ''])) as Record<
    SiteLinkKey,
    string
  >;
}

/** Saves the changed addresses, one audit line per change; an empty address falls back again. */
export async function updateSiteLinks(db: Db, actor: SessionUser, update: SiteLinksUpdate) {
  await transaction(db, async (trx) => {
    const before = await savedAddresses(trx);
    for (const key of SITE_LINK_KEYS) {
      const address = update[key];
      if (address === undefined || address === (before[key] ?? '')) continue;
      const label = SITE_LINKS[key].label;
      if (address === '') {
        await repo.removeAddress(trx, key);
        await recordAudit(trx, actor, `Admin ${actor.username} cleared the ${label} link`);
      } else {
        await repo.saveAddress(trx, key, address);
        await recordAudit(trx, actor, `Admin ${actor.username} set the ${label} link to ${address}`);
      }
    }
  });
  return savedSiteLinks(db);
}
