import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { contentDetailPath } from './content-paths';

/** Asks admins to review the pages still holding their first-start template (terms, privacy, …). */
export function PagesToReviewNotice() {
  const trpc = useTRPC();
  const pages = useQuery(trpc.content.toReview.queryOptions());
  if (!pages.data?.length) return null;
  return (
    <Alert color="orange" icon={<IconFileAlert />} title="Pages to review" role="status">
      <Text size="sm">
        These pages still show the template they started with. Fill in your company's details and save them to
        publish your own text:
      </Text>
      <Group gap="md" mt={4}>
        {pages.data.map((page) => (
          <Anchor key={page.id} component={Link} to={contentDetailPath(page.id)} size="sm">
            Review {page.title}
          </Anchor>
        ))}
      </Group>
    </Alert>
  );
}
