import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { LANGUAGE_TEXTS } from '../../../../shared/schemas/video-languages';
import { isAudioOnly } from '../../../../shared/video-status';
import { useLiveEvent } from '../../lib/live-events';
import { useTRPC } from '../../lib/trpc';
import { QueryState } from '../../ui/QueryState';
import { Screen } from '../../ui/Screen';
import { SubtitleNotes } from '../upload/SubtitleNotes';
import { AddLanguageDialog, type AddLanguageTarget } from '../videos/AddLanguageDialog';
import { readingNotesOf } from '../videos/video-rows';
import { EditorWorkspace } from './EditorWorkspace';
import { LanguageSwitcher } from './LanguageSwitcher';
import { languageParam, searchForLanguage } from './language-choice';

/**
 * /videos/:id/edit: the subtitle editor of one of the company's videos, in one of its languages
 * (`?language=fr` for an added one, issue 40; without it, the video's own subtitles).
 */
export function EditorScreen() {
  const trpc = useTRPC();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [search, setSearch] = useSearchParams();
  const language = languageParam(search.get('language'));
  // Opened once per language: the editor owns the document from then on; a reload starts from the saved draft.
  const session = useQuery(
    trpc.editor.open.queryOptions(
      { id, ...(language ? { language } : {}) },
      { enabled: valid, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
    ),
  );
  const peaks = useQuery(
    trpc.editor.peaks.queryOptions({ id }, { enabled: valid, staleTime: Number.POSITIVE_INFINITY }),
  );
  // What reading the current subtitle file repaired (issue 36), as the upload form said it.
  const video = useQuery(trpc.videos.get.queryOptions({ id }, { enabled: valid }));
  const languages = useQuery(trpc.videos.languages.queryOptions({ id }, { enabled: valid }));
  // A language added from here joins the switcher once translated: its video's live event says so.
  const refetchLanguages = languages.refetch;
  useLiveEvent(['video', 'listening'], (signal) => {
    if (signal.type === 'listening' || signal.videoId === id) void refetchLanguages();
  });
  const own = languages.data?.languages.find((entry) => entry.own)?.language;
  const editing = language ?? own;
  const [adding, setAdding] = useState<AddLanguageTarget | null>(null);
  const row = video.data;
  // In the editor's header, beside the title: nothing below it moves when the languages arrive.
  const switcher = valid ? (
    <Group gap={4} wrap="nowrap">
      <LanguageSwitcher
        languages={languages.data?.languages}
        value={editing}
        onChange={(chosen) => setSearch(searchForLanguage(search, chosen, own))}
      />
      {row && languages.data && languages.data.addable.length > 0 && (
        <Button
          size="xs"
          variant="default"
          onClick={() => setAdding({ id, name: row.title || row.filename, audioOnly: isAudioOnly(row) })}
        >
          {LANGUAGE_TEXTS.addLanguage}
        </Button>
      )}
    </Group>
  ) : null;
  return (
    <Screen title="Edit subtitles">
      {/* An editor that could not open (a language still being made) still offers the others. */}
      {session.isError && switcher}
      <AddLanguageDialog target={adding} onClose={() => setAdding(null)} />
      {video.data && !language && <SubtitleNotes notes={readingNotesOf(video.data)} />}
      <QueryState query={session} loading="Opening the editor…" failed="The editor could not be opened">
        {(opened) => (
          // A new language is a new document: the workspace starts again for it.
          <EditorWorkspace
            key={language ?? ''}
            videoId={id}
            session={opened}
            peaks={peaks.data ?? null}
            language={language}
            languageSwitcher={switcher}
          />
        )}
      </QueryState>
    </Screen>
  );
}
