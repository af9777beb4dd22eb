/** The parts of webvtt-parser (no types of its own) the WebVTT writer's tests use. */
declare module 'webvtt-parser' {
  export interface WebVttNode {
    type: 'text' | 'object' | 'timestamp';
    name?: string;
    value?: string | number;
    children?: WebVttNode[];
  }
  export interface WebVttCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: WebVttNode[] };
  }
  export interface WebVttParseResult {
    cues: WebVttCue[];
    errors: { message: string; line: number; col: number }[];
  }
  export class WebVTTParser {
    /** A table of character references (`&amp;` → `&`); a small one of its own when absent. */
    constructor(entities?: Record<string, string>);
    parse(input: string, mode?: 'metadata' | 'chapters'): WebVttParseResult;
  }
}
