import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  type Mark,
  type MarkedText,
  markupToSource,
  parseMarkup,
  runsOf,
  sourceOffset,
} from '../../../../shared/subtitles/editor';
import classes from './editor.module.css';

/** The element of each mark; `<b>`, `<i>` and `<u>` are also what is read back. */
const TAG_OF_MARK: Record<Mark, string> = { b: 'B', i: 'I', u: 'U' };
const MARK_OF_TAG: Record<string, Mark> = { B: 'b', STRONG: 'b', I: 'i', EM: 'i', U: 'u' };
const BIT: Record<Mark, number> = { b: 1, i: 2, u: 4 };

/** A piece of the field's text: a text node, a line break or the break before a block. */
interface Piece {
  node: Node;
  text: string;
  bits: number;
}

/** The field's pieces in document order; the last `<br>` only holds an empty last line open. */
function piecesOf(root: HTMLElement): Piece[] {
  const pieces: Piece[] = [];
  const visit = (node: Node, bits: number) => {
    if (node.nodeType === Node.TEXT_NODE) {
      pieces.push({ node, text: (node as Text).data, bits });
      return;
    }
    if (!(node instanceof HTMLElement)) return;
    if (node.tagName === 'BR') {
      pieces.push({ node, text: '\n', bits });
      return;
    }
    // A block the browser made (a pasted paragraph) starts a line.
    if ((node.tagName === 'DIV' || node.tagName === 'P') && pieces.length > 0) {
      pieces.push({ node, text: '\n', bits });
    }
    const mark = MARK_OF_TAG[node.tagName];
    const inner = mark ? bits | BIT[mark] : bits;
    for (const child of node.childNodes) visit(child, inner);
  };
  for (const child of root.childNodes) visit(child, 0);
  const last = pieces.at(-1);
  if (last && last.node instanceof HTMLElement && last.node.tagName === 'BR') pieces.pop();
  return pieces;
}

function markedOf(pieces: readonly Piece[]): MarkedText {
  let text = '';
  const marks: number[] = [];
  for (const piece of pieces) {
    text += piece.text;
    for (let index = 0; index < piece.text.length; index++) marks.push(piece.bits);
  }
  return { text, marks };
}

/** The visible position of a point of the DOM (a selection's end). */
function visibleOffset(root: HTMLElement, pieces: readonly Piece[], node: Node, offset: number): number {
  if (!root.contains(node)) return 0;
  const point = document.createRange();
  point.setStart(node, offset);
  let position = 0;
  for (const piece of pieces) {
    if (piece.node === node && node.nodeType === Node.TEXT_NODE)
      return position + Math.min(offset, piece.text.length);
    if (point.comparePoint(piece.node, 0) < 0) position += piece.text.length;
    else break;
  }
  return position;
}

/** The selection in the field as visible positions, or null when it is elsewhere. */
export function fieldSelection(
  root: HTMLElement,
  pieces: readonly Piece[] = piecesOf(root),
): { start: number; end: number } | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null;
  return {
    start: visibleOffset(root, pieces, range.startContainer, range.startOffset),
    end: visibleOffset(root, pieces, range.endContainer, range.endOffset),
  };
}

/** The DOM point of a visible position: in a text node, or before a line break. */
function domPoint(root: HTMLElement, position: number): [Node, number] {
  let start = 0;
  for (const piece of piecesOf(root)) {
    const end = start + piece.text.length;
    if (piece.node.nodeType === Node.TEXT_NODE && position <= end) return [piece.node, position - start];
    if (position <= start && piece.node.parentNode) {
      const parent = piece.node.parentNode;
      return [parent, Array.prototype.indexOf.call(parent.childNodes, piece.node)];
    }
    start = end;
  }
  const filler = root.lastChild;
  return filler && filler.nodeName === 'BR'
    ? [root, root.childNodes.length - 1]
    : [root, root.childNodes.length];
}

/** A DOM range over visible positions of the field (selected, or highlighted as a find match). */
export function fieldRange(root: HTMLElement, start: number, end: number): Range {
  const range = document.createRange();
  range.setStart(...domPoint(root, start));
  range.setEnd(...domPoint(root, end));
  return range;
}

function selectIn(root: HTMLElement, start: number, end: number) {
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(fieldRange(root, start, end));
}

/** Draws the text with its marks as elements; a last `<br>` keeps a trailing empty line visible. */
function draw(root: HTMLElement, marked: MarkedText) {
  const nodes = runsOf(marked).map((run) =>
    run.marks.reduceRight<Node>((inner, mark) => {
      const element = document.createElement(TAG_OF_MARK[mark]);
      element.append(inner);
      return element;
    }, document.createTextNode(run.text)),
  );
  root.replaceChildren(...nodes, document.createElement('br'));
}

/** The field of the cue being formatted when a button took the focus from it. */
let lastSelection: { root: HTMLElement; start: number; end: number } | null = null;

/**
 * The selection to format in the cue's field: the focused field's, or the one it had when a button
 * took the focus; null when the field has none (the whole cue is formatted).
 */
export function selectionToFormat(cueId: string): { start: number; end: number } | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active.dataset.cueText === cueId) return fieldSelection(active);
  if (lastSelection?.root.isConnected && lastSelection.root.dataset.cueText === cueId) return lastSelection;
  return null;
}

function stopFollowing(listener: { current: (() => void) | null }) {
  if (listener.current) document.removeEventListener('selectionchange', listener.current);
  listener.current = null;
}

export interface CueTextFieldProps {
  cueId: string;
  /** SRT text, with `<i>`, `<b>` and `<u>` tags. */
  text: string;
  label: string;
  onText: (text: string, cursor: number) => void;
  onCursor: (cursor: number) => void;
}

/**
 * A cue's text with its formatting drawn (italic, bold, underline) rather than its tags. Typing
 * changes the DOM, which is read back into tagged text: the field is drawn again from its text only
 * when the text comes from elsewhere (undo, formatting, replace), keeping the selection.
 */
export function CueTextField({ cueId, text, label, onText, onCursor }: CueTextFieldProps) {
  const field = useRef<HTMLDivElement>(null);
  // The text the field shows; null before the first draw.
  const shown = useRef<string | null>(null);
  const caretAfterDraw = useRef<number | null>(null);

  useLayoutEffect(() => {
    const root = field.current;
    if (!root || text === shown.current) return;
    const focused = document.activeElement === root;
    const selection = focused ? fieldSelection(root) : null;
    draw(root, parseMarkup(text));
    shown.current = text;
    const caret = caretAfterDraw.current;
    caretAfterDraw.current = null;
    if (caret !== null) selectIn(root, caret, caret);
    else if (selection) selectIn(root, selection.start, selection.end);
  }, [text]);

  // One walk of the field's few nodes per keystroke: its text, marks and caret.
  const read = (root: HTMLElement) => {
    const pieces = piecesOf(root);
    const marked = markedOf(pieces);
    const selection = fieldSelection(root, pieces);
    return { marked, source: markupToSource(marked), cursor: sourceOffset(marked, selection?.start ?? 0) };
  };
  // React's onSelect skips a plaintext-only field: the caret is followed while the field has the focus.
  const latestOnCursor = useRef(onCursor);
  latestOnCursor.current = onCursor;
  const followCaret = useRef<(() => void) | null>(null);
  useEffect(() => () => stopFollowing(followCaret), []);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a textarea cannot draw italics; this is a labelled textbox.
    <div
      ref={field}
      className={classes.text}
      role="textbox"
      aria-multiline="true"
      aria-label={label}
      tabIndex={0}
      contentEditable="plaintext-only"
      suppressContentEditableWarning
      spellCheck
      data-cue-text={cueId}
      onInput={(event) => {
        const { source, cursor } = read(event.currentTarget);
        shown.current = source;
        onText(source, cursor);
      }}
      onKeyDown={(event) => {
        // A line break is written as `\n` in the text, never as the browser's own markup.
        if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey) return;
        event.preventDefault();
        const root = event.currentTarget;
        const { marked } = read(root);
        const selection = fieldSelection(root) ?? { start: marked.text.length, end: marked.text.length };
        const bits = marked.marks[selection.start - 1] ?? 0;
        const next: MarkedText = {
          text: `${marked.text.slice(0, selection.start)}\n${marked.text.slice(selection.end)}`,
          marks: [...marked.marks.slice(0, selection.start), bits, ...marked.marks.slice(selection.end)],
        };
        caretAfterDraw.current = selection.start + 1;
        onText(markupToSource(next), sourceOffset(next, selection.start + 1));
      }}
      onFocus={(event) => {
        const root = event.currentTarget;
        stopFollowing(followCaret);
        followCaret.current = () => latestOnCursor.current(read(root).cursor);
        document.addEventListener('selectionchange', followCaret.current);
      }}
      onBlur={(event) => {
        stopFollowing(followCaret);
        const selection = fieldSelection(event.currentTarget);
        lastSelection = selection ? { root: event.currentTarget, ...selection } : null;
      }}
    />
  );
}
