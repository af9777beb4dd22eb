import { Alert, Button, Group, Kbd, Stack, Text } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { srtDownloadName } from '../../../../shared/file-names';
import { OUTPUT_LANGUAGES, type OutputLanguage } from '../../../../shared/languages';
import type { SubtitleFormat } from '../../../../shared/schemas/exports';
import type { SoftSubtitleFormat } from '../../../../shared/schemas/soft-subtitles';
import { cuesFromDoc, docFromCues, nextProblem } from '../../../../shared/subtitles/editor';
import { parseSrt } from '../../../../shared/subtitles/srt-parse';
import { writeSrt } from '../../../../shared/subtitles/srt-write';
import { styleInWords } from '../../../../shared/subtitles/subtitle-style';
import { saveTextFile } from '../../lib/save-text';
import { EditorStyleSelect } from '../subtitle-styles/EditorStyleSelect';
import { useVideoDownloads } from '../videos/video-downloads';
import { CueAnnouncer } from './CueAnnouncer';
import { CueComments } from './CueComments';
import { CueList, type CueListHandle } from './CueList';
import { useDraftExport } from './draft-export';
import { BurnInConfirm, LeaveEditorDialog } from './EditorDialogs';
import { EditorHeader, saveButtonLabel } from './EditorHeader';
import { EditorMedia } from './EditorMedia';
import { EditorToolbar } from './EditorToolbar';
import classes from './editor.module.css';
import { OwnReadingSpeed } from './OwnReadingSpeed';
import { ProblemSummary } from './ProblemSummary';
import { useReburnPurchase } from './ReburnPurchase';
import { ShortcutSheet } from './ShortcutSheet';
import { useCueFormatting } from './use-cue-formatting';
import { useCueTiming } from './use-cue-timing';
import { cueStepsAway, useEditorDocument } from './use-editor-document';
import { type EditorActions, useEditorKeyboard } from './use-editor-keyboard';
import { useEditorSaving } from './use-editor-saving';
import { useEditorStyle } from './use-editor-style';
import { useFindReplace } from './use-find-replace';
import { useMediaSync } from './use-media-sync';
import { useCueProblems } from './use-problem-messages';
import { useShotChanges } from './use-shot-changes';

type Outputs = inferRouterOutputs<AppRouter>['editor'];
type Session = Outputs['open'];
type Peaks = Outputs['peaks'];

const DEFAULT_FPS = 25;

/** The line under the editor; one element for good, so typing never draws it again. */
const FOOTER = (
  <Text size="xs" c="dimmed">
    Drafts save by themselves; press <Kbd>?</Kbd> outside a text field for the keyboard shortcuts.
  </Text>
);

export interface EditorWorkspaceProps {
  videoId: number;
  session: Session;
  peaks: Peaks | null;
  /** An added language's subtitles (issue 40, `?language=`); absent for the video's own. */
  language?: OutputLanguage;
  /** The "Subtitle language" switcher, drawn in the header (EditorScreen.tsx). */
  languageSwitcher?: ReactNode;
}

/**
 * The editor itself: the preview, the waveform and the cue list around one editing. Its concerns
 * are hooks of their own: the document and its history (use-editor-document), saving
 * (use-editor-saving), the media and the waveform kept in step (use-media-sync) and the keyboard
 * (use-editor-keyboard).
 *
 * A keystroke must redraw its own cue and nothing else within one frame: the rows are memoized, the
 * parts around them get only stable props (handlers read the latest document through refs), and the
 * preview and the waveform follow the document once typing pauses (the waveform and the comments
 * only when a cue's times change).
 */
export function EditorWorkspace({
  videoId,
  session,
  peaks,
  language,
  languageSwitcher,
}: EditorWorkspaceProps) {
  const { video } = session;
  // An added language's draft becomes its new version: no revision, no burn-in, no style.
  const addedLanguage = session.subtitles.own ? undefined : OUTPUT_LANGUAGES[video.language];
  const editedLanguage = addedLanguage ? language : undefined;
  const editing = useEditorDocument(session);
  const { doc, latestDoc, change, latestSelected, selectedId, edits } = editing;
  const list = useRef<CueListHandle>(null);
  const fps = video.fps || DEFAULT_FPS;
  const shotChangesMs = useShotChanges(videoId);
  const timing = useCueTiming(latestDoc, change, fps, shotChangesMs);
  const checks = useCueProblems(doc, video, fps, shotChangesMs);
  const editorStyle = useEditorStyle(video);
  const { style, restyled, custom, look } = editorStyle;
  const sync = useMediaSync({
    doc,
    latestDoc,
    latestSelected,
    setSelectedId: editing.setSelectedId,
    list,
    video,
    look,
  });
  const { seek, playhead, select } = sync;
  const saving = useEditorSaving({
    videoId,
    doc,
    session,
    newStyle: restyled ? style : undefined,
    language: editedLanguage,
  });
  const { autosave } = saving;
  const [helpOpen, setHelpOpen] = useState(false);
  const [findOpened, setFindOpened] = useState(false);
  const formatting = useCueFormatting(change, latestSelected);
  const finder = useFindReplace({
    change,
    latestDoc,
    latestSelected,
    select,
    opened: findOpened,
    onOpened: setFindOpened,
  });

  const selected = selectedId;
  const nudge = (edge: 'startMs' | 'endMs', frames: number) =>
    selected && timing.nudge(selected, edge, frames);
  const moveSelection = (step: number) => {
    const next = cueStepsAway(doc, selected, step);
    if (next) select(next, { seek: true, focus: true });
  };
  // Every action, for the shortcuts and the stable callbacks of the keyboard hook; rebuilt each
  // render, so it always sees the latest document and selection.
  const actions: EditorActions = {
    playPause: () => (sync.media?.paused ? void sync.media.play() : sync.media?.pause()),
    back1s: () => seek(playhead() - 1000),
    forward1s: () => seek(playhead() + 1000),
    backFrame: () => seek(playhead() - 1000 / fps),
    forwardFrame: () => seek(playhead() + 1000 / fps),
    setStart: () => selected && timing.fromPlayhead(selected, 'startMs', playhead()),
    setEnd: () => selected && timing.fromPlayhead(selected, 'endMs', playhead()),
    startEarlier: () => nudge('startMs', -1),
    startLater: () => nudge('startMs', 1),
    endEarlier: () => nudge('endMs', -1),
    endLater: () => nudge('endMs', 1),
    split: () => edits.split(playhead()),
    merge: edits.merge,
    insert: () => edits.insert(playhead()),
    remove: edits.remove,
    reflow: () => void edits.reflow(video),
    nextCue: () => moveSelection(1),
    previousCue: () => moveSelection(-1),
    nextProblem: () => {
      const id = nextProblem(doc, checks.problems, selected);
      if (id) select(id, { seek: true, focus: true });
    },
    undo: editing.undo,
    redo: editing.redo,
    find: () => setFindOpened(true),
    findNext: () => finder.next(1),
    findPrevious: () => finder.next(-1),
    italic: formatting.italic,
    bold: formatting.bold,
    underline: formatting.underline,
    save: () => void autosave.saveNow(),
    help: () => setHelpOpen(true),
  };
  const { onAction, onNextProblem, onPlayPause } = useEditorKeyboard(actions);

  const currentText = useCallback(() => latestDoc.current.map((cue) => cue.text).join(' '), [latestDoc]);
  const { replace } = editing;
  const onStartFrom = useCallback((srt: string) => replace(docFromCues(parseSrt(srt))), [replace]);
  const onDownloadSrt = useCallback(
    () =>
      // Named as every other download of the video is: after its title (issue 35).
      saveTextFile(writeSrt(cuesFromDoc(latestDoc.current)), srtDownloadName(video)),
    [video, latestDoc],
  );
  const draftExport = useDraftExport(video);
  const exportAs = useRef(draftExport.exportAs);
  exportAs.current = draftExport.exportAs;
  const onExport = useCallback(
    (format: SubtitleFormat) => void exportAs.current(format, cuesFromDoc(latestDoc.current)),
    [latestDoc],
  );
  const downloads = useVideoDownloads();
  const savedFiles = useRef(downloads);
  savedFiles.current = downloads;
  const onPickTracks = useCallback(
    (format: SoftSubtitleFormat) => void savedFiles.current.tracks({ id: videoId }, format),
    [videoId],
  );
  const onPickZip = useCallback(() => void savedFiles.current.zip({ id: videoId }), [videoId]);
  const onHelp = useCallback(() => setHelpOpen(true), []);
  const onHelpClose = useCallback(() => setHelpOpen(false), []);
  // Built once per style, so the header keeps skipping the re-renders of typing.
  const styleChoice = useMemo(
    () => (
      <EditorStyleSelect value={style} burned={video.style} custom={custom} onChange={editorStyle.setStyle} />
    ),
    [style, video.style, custom, editorStyle.setStyle],
  );
  const announced = useRef({ doc, problems: checks.messages });
  announced.current = { doc, problems: checks.messages };
  const reburn = useReburnPurchase(videoId, session, restyled ? style : undefined, autosave);
  const saveLabel = saveButtonLabel(video.audioOnly, addedLanguage !== undefined);
  const title = video.title || video.filename;

  return (
    <Stack gap="xs" className={classes.workspace}>
      <EditorHeader
        title={title}
        status={saving.status}
        videoId={videoId}
        language={editedLanguage}
        versions={session.versions}
        current={currentText}
        onStartFrom={onStartFrom}
        onDownloadSrt={onDownloadSrt}
        // Generated subtitles have a reading-speed plan; a user's own SRT has none, nor word timings.
        hasWordTimings={video.plan !== null}
        exporting={draftExport.busy || downloads.busy !== null}
        onExport={onExport}
        onPickTracks={onPickTracks}
        onPickZip={onPickZip}
        revisions={session.revisions}
        burningIn={saving.burningIn}
        onSaveAndBurnIn={saving.confirm.open}
        onHelp={onHelp}
        audioOnly={video.audioOnly}
        // Audio alone has no picture: no style to burn with; nor is an added language burned here.
        styleChoice={video.audioOnly || addedLanguage ? undefined : styleChoice}
        reburn={reburn}
        addedLanguage={addedLanguage}
        languageSwitcher={languageSwitcher}
      />

      {autosave.status === 'conflict' && (
        <Alert color="red" role="alert" title="Changed in another tab or browser">
          <Group gap="sm">
            <Text size="sm">
              These subtitles were saved somewhere else since you opened them. Reload to see that version;
              your changes here are not saved.
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </Group>
        </Alert>
      )}

      <div className={classes.columns}>
        <EditorMedia
          videoId={videoId}
          mediaUrl={session.mediaUrl}
          audioOnly={video.audioOnly}
          label={`${title}, with the subtitles being edited`}
          language={video.language}
          ass={sync.ass}
          media={sync.media}
          onMedia={sync.setMedia}
          peaks={peaks?.peaks ?? null}
          durationSeconds={video.durationSeconds}
          cues={sync.timings}
          selectedId={selectedId}
          shotChangesMs={shotChangesMs}
          onTiming={timing.onDragged}
          onRegionSelect={sync.onPick}
          onPlayPause={onPlayPause}
        />

        <Stack gap={6} className={classes.listColumn}>
          <EditorToolbar
            canUndo={editing.canUndo}
            canRedo={editing.canRedo}
            hasSelection={selected !== null}
            onAction={onAction}
            onShift={editing.onShift}
            findReplace={finder.panel}
          />
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <ProblemSummary summary={checks.summary} onNextProblem={onNextProblem} />
            {video.plan === null && <OwnReadingSpeed value={checks.ownCps} onChange={checks.setOwnCps} />}
          </Group>
          <CueList
            ref={list}
            cues={doc}
            problems={checks.messages}
            selectedId={selectedId}
            capCps={checks.capCps}
            onSelect={editing.onSelect}
            onPick={sync.onPickRow}
            onText={editing.onText}
            onTiming={timing.onTiming}
            onCursor={editing.onCursor}
            onPosition={formatting.onPosition}
          />
          <CueAnnouncer selectedId={selectedId} latest={announced} media={sync.media} />
          <CueComments videoId={videoId} cues={sync.timings} selectedId={selectedId} onPick={sync.onPick} />
        </Stack>
      </div>

      <BurnInConfirm
        opened={saving.confirm.opened}
        saveLabel={saveLabel}
        revisions={session.revisions}
        audioOnly={video.audioOnly}
        addedLanguage={addedLanguage}
        newStyleInWords={restyled ? styleInWords(look) : null}
        onClose={saving.confirm.close}
        onConfirm={saving.confirm.burnIn}
      />
      <LeaveEditorDialog
        opened={saving.leave.opened}
        onStay={saving.leave.stay}
        onRetry={saving.leave.retry}
        onLeave={saving.leave.discard}
      />
      <ShortcutSheet opened={helpOpen} onClose={onHelpClose} />
      {FOOTER}
    </Stack>
  );
}
