import { memo, type Ref, useEffect, useId, useState } from 'react';
import { type EditorCue, keepsSpan, OWN_SUBTITLES_CPS } from '../../../../shared/subtitles/editor';
import { charactersPerSecond, isWithinCap } from '../../../../shared/subtitles/reading-speed';
import { CueTextField } from './CueTextField';
import { cueRowLabel } from './cue-announcement';
import classes from './editor.module.css';
import { formatCueTime, formatDuration, parseCueTime, TIME_TEXTS } from './time-text';

export interface CueRowProps {
  /** The list measures each drawn row (its height changes with the rules it breaks). */
  ref?: Ref<HTMLLIElement>;
  cue: EditorCue;
  number: number;
  /** How many cues the whole list has; only some rows are in the page. */
  total: number;
  /** The row's distance from the top of the list, in pixels. */
  offset: number;
  /** The rules this cue breaks, with their figures ("23.4 cps > 17"). */
  problems: readonly string[];
  selected: boolean;
  /** The characters per second a cue may reach; null when nothing caps it. */
  capCps: number | null;
  onSelect: (id: string) => void;
  /** A click on the cue: select it and seek the video to its start. */
  onPick: (id: string) => void;
  onText: (id: string, text: string, cursor: number) => void;
  onTiming: (id: string, timing: { startMs?: number; endMs?: number }) => void;
  onCursor: (id: string, cursor: number) => void;
  /** Places the cue at the top (`{\an8}`) or back in the style's place. */
  onPosition: (id: string, position: 8 | undefined) => void;
}

/**
 * A time field that keeps what the user types until it is a time the cue can take, then applies it.
 * A text that is not a time, or a time that would put the end before the start, is refused here with
 * its reason: the cue keeps its last good time, and Escape puts it back in the field.
 */
function TimeField({
  label,
  ms,
  refusal,
  onChange,
  onError,
}: {
  label: string;
  ms: number;
  /** Why the cue cannot take this time, or null when it can. */
  refusal: (ms: number) => string | null;
  onChange: (ms: number) => void;
  onError: (reason: string | null) => void;
}) {
  const [text, setText] = useState(formatCueTime(ms));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(formatCueTime(ms));
    setInvalid(false);
  }, [ms]);
  const refuse = (reason: string | null) => {
    setInvalid(reason !== null);
    onError(reason);
  };
  const apply = () => {
    const parsed = parseCueTime(text);
    const reason = parsed === null ? TIME_TEXTS.notATime : refusal(parsed);
    refuse(reason);
    if (parsed !== null && reason === null && parsed !== ms) onChange(parsed);
  };
  return (
    <input
      className={classes.time}
      aria-label={label}
      aria-invalid={invalid}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) apply();
        if (event.key === 'Escape' && invalid) {
          setText(formatCueTime(ms));
          refuse(null);
        }
      }}
    />
  );
}

/**
 * The cue's characters per second and a small bar against the limit (against the adult reading
 * speed when nothing caps it); the rule problems below the text say when it is over.
 */
function ReadingSpeed({ cue, capCps }: { cue: EditorCue; capCps: number | null }) {
  const cps = charactersPerSecond(cue);
  const scale = capCps ?? OWN_SUBTITLES_CPS;
  const over = !isWithinCap(cue, capCps);
  return (
    <span
      className={classes.cps}
      data-over={over || undefined}
      title={capCps === null ? 'Characters per second (no limit)' : `Characters per second (limit ${capCps})`}
    >
      {cps.toFixed(1)} cps
      <span className={classes.cpsBar} aria-hidden="true">
        <span className={classes.cpsFill} style={{ width: `${Math.min(100, (cps / scale) * 100)}%` }} />
      </span>
    </span>
  );
}

/** One cue of the list; drawn again only when its own cue, problems or selection change. */
export const CueRow = memo(function CueRow({
  ref,
  cue,
  number,
  total,
  offset,
  problems,
  selected,
  capCps,
  onSelect,
  onPick,
  onText,
  onTiming,
  onCursor,
  onPosition,
}: CueRowProps) {
  const [timeError, setTimeError] = useState<string | null>(null);
  const problemsId = useId();
  const atTop = cue.position === 8;
  return (
    <li
      ref={ref}
      className={classes.cue}
      style={{ transform: `translateY(${offset}px)` }}
      data-index={number - 1}
      aria-posinset={number}
      aria-setsize={total}
      data-selected={selected || undefined}
      data-problem={problems.length > 0 || undefined}
      data-cue-id={cue.id}
      aria-label={cueRowLabel(cue, number, problems.length)}
      aria-describedby={problems.length > 0 ? problemsId : undefined}
      onFocusCapture={() => onSelect(cue.id)}
      onPointerDown={(event) => {
        // A click in the text of the cue already selected only moves the caret, so typing goes on
        // while the video plays.
        if (selected && event.target instanceof Element && event.target.closest('[data-cue-text]')) return;
        onPick(cue.id);
      }}
    >
      <div className={classes.cueHead}>
        <span className={classes.cueNumber}>{number}</span>
        <TimeField
          label={`Start of cue ${number}`}
          ms={cue.startMs}
          refusal={(startMs) => (keepsSpan(cue, { startMs }) ? null : TIME_TEXTS.startAfterEnd(cue.endMs))}
          onChange={(startMs) => onTiming(cue.id, { startMs })}
          onError={setTimeError}
        />
        <TimeField
          label={`End of cue ${number}`}
          ms={cue.endMs}
          refusal={(endMs) => (keepsSpan(cue, { endMs }) ? null : TIME_TEXTS.endBeforeStart(cue.startMs))}
          onChange={(endMs) => onTiming(cue.id, { endMs })}
          onError={setTimeError}
        />
        <span className={classes.duration}>{formatDuration(cue.endMs - cue.startMs)}</span>
        <ReadingSpeed cue={cue} capCps={capCps} />
        <button
          type="button"
          className={classes.placement}
          aria-pressed={atTop}
          aria-label={`Show cue ${number} at the top`}
          title="Show this cue at the top of the picture"
          onClick={() => onPosition(cue.id, atTop ? undefined : 8)}
        >
          Top
        </button>
      </div>
      {timeError && (
        <p className={classes.timeError} role="alert">
          {timeError}
        </p>
      )}
      <CueTextField
        cueId={cue.id}
        text={cue.text}
        label={`Text of cue ${number}`}
        onText={(text, cursor) => onText(cue.id, text, cursor)}
        onCursor={(cursor) => onCursor(cue.id, cursor)}
      />
      {problems.length > 0 && (
        <ul id={problemsId} className={classes.problems} aria-label={`Rules cue ${number} breaks`}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </li>
  );
}, sameRow);

function sameRow(before: CueRowProps, after: CueRowProps): boolean {
  return (
    before.cue === after.cue &&
    before.number === after.number &&
    before.total === after.total &&
    before.offset === after.offset &&
    before.ref === after.ref &&
    before.selected === after.selected &&
    before.capCps === after.capCps &&
    before.problems === after.problems &&
    before.onSelect === after.onSelect &&
    before.onPick === after.onPick &&
    before.onText === after.onText &&
    before.onTiming === after.onTiming &&
    before.onCursor === after.onCursor &&
    before.onPosition === after.onPosition
  );
}
