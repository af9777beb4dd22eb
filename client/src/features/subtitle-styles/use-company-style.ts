import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SUBTITLE_STYLE, type SubtitleStyleId } from '../../../../shared/subtitles/subtitle-style';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

/**
 * The style a company gives its uploads (the caller's own, or for a platform admin the one named);
 * the product's default before it is known.
 */
export function useCompanyStyle(companyId?: number): { style: SubtitleStyleId; known: boolean } {
  const trpc = useTRPC();
  const session = useSession();
  const query = useQuery(
    trpc.subtitleStyles.companyDefault.queryOptions(
      { companyId },
      { enabled: session.loggedIn && (companyId !== undefined || Boolean(session.company)) },
    ),
  );
  return { style: query.data?.style ?? DEFAULT_SUBTITLE_STYLE, known: Boolean(query.data) };
}
