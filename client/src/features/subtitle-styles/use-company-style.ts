import { useQuery } from '@tanstack/react-query';
import {
  type CustomStyle,
  DEFAULT_SUBTITLE_STYLE,
  type StyleChoice,
} from '../../../../shared/subtitles/subtitle-style';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

export interface CompanyStyle {
  style: StyleChoice;
  /** The company's own style, if it made one. */
  custom: CustomStyle | null;
  known: boolean;
}

/**
 * The style a company gives its uploads (the caller's own, or for a platform admin the one named);
 * the product's default before it is known.
 */
export function useCompanyStyle(companyId?: number): CompanyStyle {
  const trpc = useTRPC();
  const session = useSession();
  const query = useQuery(
    trpc.subtitleStyles.companyDefault.queryOptions(
      { companyId },
      { enabled: session.loggedIn && (companyId !== undefined || Boolean(session.company)) },
    ),
  );
  return {
    style: query.data?.style ?? DEFAULT_SUBTITLE_STYLE,
    custom: query.data?.custom ?? null,
    known: Boolean(query.data),
  };
}
