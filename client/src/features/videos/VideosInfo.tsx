import { Alert, Anchor, List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { PROCESSING_TIME_FACTOR, REFUND_WINDOW_DAYS } from '../../../../shared/limits';
import { EXTERNAL_LINKS } from '../../lib/external-links';

/** SPEC section 1: the info texts of the videos screen. */
export function VideosInfo() {
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
          <Anchor href={EXTERNAL_LINKS.supportTicket} inherit>
            contacting support
          </Anchor>{' '}
          within {REFUND_WINDOW_DAYS} days.
        </List.Item>
        <List.Item>
          More help in the{' '}
          <Anchor href={EXTERNAL_LINKS.helpCentre} inherit>
            help centre
          </Anchor>
          .
        </List.Item>
      </List>
    </Alert>
  );
}
