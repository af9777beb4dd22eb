import { Alert, List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { PROCESSING_TIME_FACTOR, REFUND_WINDOW_DAYS } from '../../../../shared/limits';
import { useSiteLinks } from '../../lib/site-links';
import { SiteAnchor } from '../../ui/SiteAnchor';

/** PRODUCT.md §1: the info texts of the videos screen. */
export function VideosInfo() {
  const links = useSiteLinks();
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle />} title="Good to know" role="note">
      <List size="sm" spacing={2}>
        <List.Item>
          Processing takes up to {PROCESSING_TIME_FACTOR} times the video length to reach good quality; the
          hardcoded video takes slightly longer.
        </List.Item>
        <List.Item>
          The SRT may need some post-editing, which you can do in any text editor. An uploaded SRT must be
          UTF-8 encoded.
        </List.Item>
        <List.Item>
          Not happy? A refund is available by{' '}
          {links.supportTicket ? (
            <SiteAnchor href={links.supportTicket} inherit>
              contacting support
            </SiteAnchor>
          ) : (
            'contacting support'
          )}{' '}
          within {REFUND_WINDOW_DAYS} days.
        </List.Item>
        {links.helpCentre && (
          <List.Item>
            More help in the{' '}
            <SiteAnchor href={links.helpCentre} inherit>
              help centre
            </SiteAnchor>
            .
          </List.Item>
        )}
      </List>
    </Alert>
  );
}
