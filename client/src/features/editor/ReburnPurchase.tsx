import { Alert, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatEuros } from '../../../../shared/money';
import { startedMinutes } from '../../../../shared/pricing';
import { REBURN_TEXTS } from '../../../../shared/schemas/videos';
import type { StyleChoice } from '../../../../shared/subtitles/subtitle-style';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';
import type { DraftStatus } from './use-draft-autosave';

/** The draft as the purchase needs it: saved first, then burned at the revision the server holds. */
interface DraftHandle {
  saveNow: () => Promise<boolean>;
  revision: () => number;
}

interface ReburnPurchaseProps {
  videoId: number;
  /** A new style to burn in, when the user chose one. */
  style: StyleChoice | undefined;
  draftStatus: DraftStatus;
  draft: RefObject<DraftHandle>;
}

const minutes = (count: number) => `${count} minute${count === 1 ? '' : 's'}`;

/**
 * "Buy a re-burn for €x.xx" (issue 39): at 2 / 2 the free revisions are used, and a re-burn of the
 * segments that changed is bought. The price follows the saved draft; a dialog confirms it with the
 * balance before and after, and the server charges that price or refuses with the new one.
 */
export function ReburnPurchase({ videoId, style, draftStatus, draft }: ReburnPurchaseProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const revision = draft.current?.revision() ?? 0;
  const input = { id: videoId, revision, ...(style ? { style } : {}) };
  const somethingToBurn = revision > 0 || style !== undefined;
  const quote = useQuery({
    ...trpc.editor.reburnQuote.queryOptions(input),
    enabled: somethingToBurn && draftStatus === 'saved',
    placeholderData: (previous) => previous,
    retry: false,
  });
  const buy = useMutation(
    trpc.editor.buyReburn.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        const price = formatEuros(quote.data?.priceCents);
        const after = formatEuros((quote.data?.balanceCents ?? 0) - (quote.data?.priceCents ?? 0));
        notifications.show({
          color: 'green',
          message: `Re-burn bought for ${price}; the video is being burned in again. Balance: ${after}.`,
        });
        await queryClient.invalidateQueries();
        navigate('/videos');
      },
    }),
  );

  const open = async () => {
    buy.reset();
    if (!(await draft.current?.saveNow())) return;
    setConfirming(true);
  };
  const confirm = () => {
    if (!quote.data) return;
    buy.mutate({ ...input, revision: draft.current?.revision() ?? 0, priceCents: quote.data.priceCents });
  };

  const price = quote.data ? formatEuros(quote.data.priceCents) : null;
  const label = price ? `Buy a re-burn for ${price}` : 'Buy a re-burn';
  const short = quote.data ? quote.data.priceCents - quote.data.balanceCents : 0;
  const tooltip = !somethingToBurn
    ? 'Both free revisions are used: edit the subtitles, then buy a re-burn of what changed.'
    : quote.isError
      ? serverMessage(quote.error, 'The price of a re-burn could not be worked out')
      : REBURN_TEXTS.usedUpBuy;
  return (
    <>
      <Tooltip label={tooltip}>
        <Button
          size="xs"
          disabled={!somethingToBurn || quote.isError}
          loading={quote.isFetching && !quote.data}
          onClick={() => void open()}
        >
          {label}
        </Button>
      </Tooltip>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Buy a re-burn">
        {quote.data && (
          <Stack gap="sm">
            <Text size="sm">
              Both free revisions are used. The subtitles become a new version and only the parts of the video
              whose subtitles changed are burned in again:{' '}
              {minutes(startedMinutes(quote.data.changedSeconds))} × {formatEuros(quote.data.perMinuteCents)}{' '}
              = <strong>{formatEuros(quote.data.priceCents)}</strong>.
            </Text>
            <Text size="sm" aria-label="Balance">
              Balance: {formatEuros(quote.data.balanceCents)}; after this re-burn:{' '}
              {formatEuros(Math.max(0, quote.data.balanceCents - quote.data.priceCents))}.
            </Text>
            {short > 0 && (
              <Alert color="yellow" role="alert" variant="light" p="xs">
                {formatEuros(short)} more is needed. <Link to="/balance">Buy credits</Link> first.
              </Alert>
            )}
            {buy.isError && (
              <Alert color="red" role="alert" variant="light" p="xs">
                {serverMessage(buy.error, 'The re-burn could not be bought')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button disabled={short > 0 || quote.isFetching} loading={buy.isPending} onClick={confirm}>
                Buy for {formatEuros(quote.data.priceCents)} and burn in
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

/**
 * The purchase button for the editor's header once the free revisions are used (undefined before,
 * and for audio alone, which has nothing to burn). Built only when what it shows changes, so the
 * header keeps skipping the re-renders of typing.
 */
export function useReburnPurchase(
  videoId: number,
  session: {
    revisions: { used: number; max: number };
    video: { audioOnly: boolean };
    subtitles: { own: boolean };
  },
  style: StyleChoice | undefined,
  autosave: DraftHandle & { status: DraftStatus },
) {
  // An added language's subtitles are saved, never burned here (issue 40): nothing to buy.
  const usedUp =
    session.revisions.used >= session.revisions.max && !session.video.audioOnly && session.subtitles.own;
  const draft = useRef<DraftHandle>(autosave);
  draft.current = autosave;
  return useMemo(
    () =>
      usedUp ? (
        <ReburnPurchase videoId={videoId} style={style} draftStatus={autosave.status} draft={draft} />
      ) : undefined,
    [videoId, usedUp, style, autosave.status],
  );
}
