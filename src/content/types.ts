import type { CaptionsContent, ScenarioContent } from './schema';

/** All authored content, validated at build time and shipped as plain data. */
export interface Content {
  readonly scenarios: readonly ScenarioContent[];
  readonly captions: CaptionsContent;
  /** The story above the walkthrough, rendered from Markdown at build time. */
  readonly introHtml: string;
}
