/** The parts of webvtt-parser (untyped) that the export tests use to validate WebVTT output. */
declare module 'webvtt-parser' {
  export interface ParsedCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
  }
  export class WebVTTParser {
    parse(input: string, mode?: 'metadata' | 'chapters'): { cues: ParsedCue[]; errors: { message: string; line: number }[] };
  }
}
