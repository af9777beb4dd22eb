import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import type { OutputLanguage } from '../../../../shared/languages';
import type { EditorDoc } from '../../../../shared/subtitles/editor';
import type { StyleChoice } from '../../../../shared/subtitles/subtitle-style';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';
import { type DraftStatus, useDraftAutosave } from './use-draft-autosave';

const STATUS_TEXT: Record<DraftStatus, string> = {
  saved: 'Draft saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  conflict: 'Changed elsewhere',
  failed: 'Not saved',
};

const STATUS_COLOR: Record<DraftStatus, string> = {
  saved: 'gray',
  unsaved: 'blue',
  saving: 'blue',
  conflict: 'red',
  failed: 'red',
};

/** The header's badge: the draft's status, or "No changes yet" before anything was ever saved. */
export function draftBadge(
  status: DraftStatus,
  savedAt: Date | null,
  openedWithDraft: boolean,
): { label: string; color: string } {
  return {
    label: status === 'saved' && !savedAt && !openedWithDraft ? 'No changes yet' : STATUS_TEXT[status],
    color: STATUS_COLOR[status],
  };
}

/**
 * What "Save and burn in" asks of the server once the draft is saved: with no draft and only the
 * style changed, the same subtitles burned in again in it; else the draft's revision as a new
 * version (in the new style when it changed). An added language's draft only becomes its new
 * version: no style, no burn-in (issue 40).
 */
export function burnInRequest(
  videoId: number,
  revision: number,
  style: StyleChoice | undefined,
  language?: OutputLanguage,
):
  | { procedure: 'restyleVideo'; input: { id: number; style: StyleChoice } }
  | {
      procedure: 'saveAndBurnIn';
      input: { id: number; revision: number; style?: StyleChoice; language?: OutputLanguage };
    } {
  if (language) return { procedure: 'saveAndBurnIn', input: { id: videoId, revision, language } };
  if (revision === 0 && style !== undefined)
    return { procedure: 'restyleVideo', input: { id: videoId, style } };
  return {
    procedure: 'saveAndBurnIn',
    input: { id: videoId, revision, ...(style !== undefined ? { style } : {}) },
  };
}

/**
 * Everything that puts the editor's work on the server: the draft saved by itself, the badge that
 * says so, "Save and burn in" (after its confirmation) or the re-burn in a new style, and saving
 * before leaving for another screen (asking only when that failed).
 */
export function useEditorSaving(options: {
  videoId: number;
  doc: EditorDoc;
  session: {
    draft: { revision: number; baseVersion?: number } | null;
    latest: { version: number } | null;
    video: { audioOnly: boolean };
  };
  /** The style chosen in the editor when it differs from the one the video was burned in. */
  newStyle: StyleChoice | undefined;
  /** An added language's subtitles (issue 40); absent for the video's own. */
  language?: OutputLanguage;
}) {
  const { videoId, doc, session, newStyle, language } = options;
  const trpc = useTRPC();
  const navigate = useNavigate();
  const autosave = useDraftAutosave(videoId, doc, {
    revision: session.draft?.revision ?? 0,
    baseVersion: session.draft?.baseVersion ?? session.latest?.version,
    ...(language ? { language } : {}),
  });
  // Nothing is burned in for audio alone, nor for an added language (burned from My Videos).
  const versionOnly = session.video.audioOnly || language !== undefined;

  const saveAndBurnIn = useMutation(
    trpc.editor.saveAndBurnIn.mutationOptions({
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: versionOnly
            ? 'Subtitles saved as a new version.'
            : 'Subtitles saved; the video is being burned in again.',
        });
        navigate('/videos');
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: serverMessage(error, 'The subtitles could not be saved'),
        }),
    }),
  );
  const restyle = useMutation(
    trpc.subtitleStyles.restyleVideo.mutationOptions({
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: 'The video is being burned in again in the new style.',
        });
        navigate('/videos');
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: serverMessage(error, 'The style could not be changed') }),
    }),
  );

  const [confirming, setConfirming] = useState(false);
  const burnIn = async () => {
    setConfirming(false);
    if (!(await autosave.saveNow())) return;
    const request = burnInRequest(videoId, autosave.revision(), newStyle, language);
    if (request.procedure === 'restyleVideo') restyle.mutate(request.input);
    else saveAndBurnIn.mutate(request.input);
  };
  const latestBurnIn = useRef(burnIn);
  latestBurnIn.current = burnIn;

  // Leaving for another screen with changes not yet on the server saves them first, and asks only
  // when they could not be saved (a closed tab: beforeunload).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      autosave.status !== 'saved' && currentLocation.pathname !== nextLocation.pathname,
  );
  const [leaveUnsaved, setLeaveUnsaved] = useState(false);
  const saveBeforeLeaving = useRef(autosave.saveNow);
  saveBeforeLeaving.current = autosave.saveNow;
  useEffect(() => {
    if (blocker.state !== 'blocked') return setLeaveUnsaved(false);
    void saveBeforeLeaving.current().then((saved) => (saved ? blocker.proceed?.() : setLeaveUnsaved(true)));
  }, [blocker]);

  const latestBlocker = useRef(blocker);
  latestBlocker.current = blocker;
  const stay = useCallback(() => latestBlocker.current.reset?.(), []);
  const retry = useCallback(async () => {
    if (await saveBeforeLeaving.current()) latestBlocker.current.proceed?.();
  }, []);
  const discard = useCallback(() => latestBlocker.current.proceed?.(), []);

  const openConfirm = useCallback(() => setConfirming(true), []);
  const closeConfirm = useCallback(() => setConfirming(false), []);
  const confirmBurnIn = useCallback(() => void latestBurnIn.current(), []);
  const status = useMemo(
    () => draftBadge(autosave.status, autosave.savedAt, session.draft !== null),
    [autosave.status, autosave.savedAt, session.draft],
  );

  return {
    autosave,
    status,
    burningIn: saveAndBurnIn.isPending || restyle.isPending,
    /** The confirmation before "Save and burn in"; its handlers are stable. */
    confirm: {
      opened: confirming,
      open: openConfirm,
      close: closeConfirm,
      burnIn: confirmBurnIn,
    },
    /** Asked when leaving and the last changes could not be saved. */
    leave: {
      opened: blocker.state === 'blocked' && leaveUnsaved,
      stay,
      retry,
      discard,
    },
  };
}
