import { oneOf } from '../sim/known.ts';
import { LAB_PARAMS, type LabConfig } from '../settings/lab-config.ts';
import { parseLabConfig, serializeLabConfig, type FieldProblem } from '../settings/lab-address.ts';

/**
 * Every address Lockstep answers to, in one place: what each page's parameters mean (parse) and how a page
 * is written back into the address bar or a link (serialize). Nothing else reads or builds these queries.
 */

/** Where the walkthrough stands: a zero-based step, and whether the certificates table checks tokens. */
export interface WalkthroughPlace {
  readonly cursor: number;
  readonly fencing: boolean;
}

export const EMBED_WIDGETS = ['walkthrough', 'quiz', 'question', 'lab', 'map'] as const;

export type Route =
  /** `place` is null until the learner steps or toggles: a fresh visit's address stays as it was. */
  | { readonly page: 'lesson'; readonly place: WalkthroughPlace | null }
  /** `speaker`: the presenter's own window, kept in step with the projected one. */
  | { readonly page: 'present'; readonly place: WalkthroughPlace; readonly speaker?: boolean }
  | { readonly page: 'lab'; readonly lab: LabConfig }
  | {
      readonly page: 'embed';
      /** As given: embed.html explains a widget it does not know instead of guessing. */
      readonly widget: string | null;
      readonly questionId: string | null;
      /** The host page's origin, when the embed code names it; kept so a reload inside the frame still knows it. */
      readonly parentOrigin: string | null;
      readonly place: WalkthroughPlace;
      readonly lab: LabConfig;
      readonly frame: EmbedFrame;
    };

/** How an embedded widget fits its host's frame. */
export interface EmbedFrame {
  /** `compact`: one fixed-height screen whose parts scroll within themselves; `full`: the page's own layout. */
  readonly layout: 'compact' | 'full';
  /** The compact screen's height in CSS pixels, when the embed code gives one. */
  readonly height: number | null;
  /** Author tools (copy, download, shortcut settings, real Postgres) are hidden in a frame unless asked for. */
  readonly tools: boolean;
  /** The lab's presets, shown unless `presets=off`. */
  readonly presets: boolean;
}

export const DEFAULT_EMBED_FRAME: EmbedFrame = { layout: 'compact', height: null, tools: false, presets: true };
/** A compact screen shorter than this cannot show the caption, the controls and a few rows at once. */
export const EMBED_HEIGHT_RANGE = { min: 360, max: 2000 } as const;

/** Why a walkthrough link opened somewhere other than where it asked; the page words each for the learner. */
export type LinkProblem =
  | { readonly kind: 'fencingUnknown'; readonly value: string }
  | { readonly kind: 'stepNotANumber'; readonly value: string }
  /** `step` as the link wrote it: a step of 400 digits is no number the page can hold, but it can be echoed. */
  | { readonly kind: 'stepBelowOne'; readonly step: string }
  | { readonly kind: 'stepBeyondEnd'; readonly step: string; readonly count: number }
  | { readonly kind: 'embedOptionUnknown'; readonly name: EmbedOption; readonly value: string };

export type EmbedOption = 'layout' | 'height' | 'tools' | 'presets';

export interface ParsedRoute {
  readonly route: Route;
  readonly linkProblems: readonly LinkProblem[];
  readonly labProblems: readonly FieldProblem[];
}

/** The walkthrough's length under each fencing setting: a step beyond it opens at the last one. */
export type StepCount = (fencing: boolean) => number;

const PLACE_PARAMS = ['step', 'fencing'] as const;
const PAGE_PARAMS = [
  'present',
  'speaker',
  'lab',
  'widget',
  'id',
  'parentOrigin',
  'layout',
  'height',
  'tools',
  'presets',
] as const;
/** Parameters a route owns; anything else in an address (a course's tracking tag, say) is kept as it was. */
const OWNED = new Set<string>([...PLACE_PARAMS, ...PAGE_PARAMS, ...LAB_PARAMS]);

export function parseRoute(
  location: { readonly pathname: string; readonly search: string },
  stepCount: StepCount,
): ParsedRoute {
  const params = new URLSearchParams(location.search);
  const linkProblems: LinkProblem[] = [];
  const place = parsePlace(params, stepCount, linkProblems);
  const lab = () => parseLabConfig(location.search);
  if (/(^|\/)embed\.html$/.test(location.pathname)) {
    const { config, problems } = lab();
    const route: Route = {
      page: 'embed',
      widget: params.get('widget'),
      questionId: params.get('id'),
      parentOrigin: params.get('parentOrigin'),
      place,
      lab: config,
      frame: parseEmbedFrame(params, linkProblems),
    };
    const labWidget = params.get('widget') === 'lab' || params.get('widget') === 'map';
    return { route, linkProblems, labProblems: labWidget ? problems : [] };
  }
  if (params.has('lab')) {
    const { config, problems } = lab();
    return { route: { page: 'lab', lab: config }, linkProblems: [], labProblems: problems };
  }
  if (params.has('present')) {
    const route: Route = params.has('speaker') ? { page: 'present', place, speaker: true } : { page: 'present', place };
    return { route, linkProblems, labProblems: [] };
  }
  const given = params.has('step') || params.has('fencing');
  return { route: { page: 'lesson', place: given ? place : null }, linkProblems, labProblems: [] };
}

function parseEmbedFrame(params: URLSearchParams, problems: LinkProblem[]): EmbedFrame {
  const choice = <T extends string>(name: EmbedOption, values: readonly T[], fallback: T): T => {
    const given = params.get(name);
    if (given === null) return fallback;
    const chosen = oneOf(values, given);
    if (chosen) return chosen;
    problems.push({ kind: 'embedOptionUnknown', name, value: given });
    return fallback;
  };
  const layout = choice('layout', ['compact', 'full'], DEFAULT_EMBED_FRAME.layout);
  const tools = choice('tools', ['on', 'off'], 'off') === 'on';
  const presets = choice('presets', ['on', 'off'], 'on') === 'on';
  let height: number | null = null;
  const heightParam = params.get('height');
  if (heightParam !== null) {
    const pixels = /^\s*\d+\s*(px)?\s*$/.test(heightParam) ? Number.parseInt(heightParam, 10) : Number.NaN;
    if (pixels >= EMBED_HEIGHT_RANGE.min && pixels <= EMBED_HEIGHT_RANGE.max) height = pixels;
    else problems.push({ kind: 'embedOptionUnknown', name: 'height', value: heightParam });
  }
  return { layout, height, tools, presets };
}

function parsePlace(params: URLSearchParams, stepCount: StepCount, problems: LinkProblem[]): WalkthroughPlace {
  let fencing = true;
  const fencingParam = params.get('fencing');
  if (fencingParam === 'off') fencing = false;
  else if (fencingParam !== null && fencingParam !== 'on')
    problems.push({ kind: 'fencingUnknown', value: fencingParam });

  const stepParam = params.get('step');
  if (stepParam === null) return { cursor: 0, fencing };
  const step = /^\s*-?\d+\s*$/.test(stepParam) ? Number.parseInt(stepParam, 10) : Number.NaN;
  const count = stepCount(fencing);
  const written = stepParam.trim().replace(/^(-?)0+(?=\d)/, '$1');
  if (Number.isNaN(step)) problems.push({ kind: 'stepNotANumber', value: stepParam });
  else if (step < 1) problems.push({ kind: 'stepBelowOne', step: written });
  else if (step > count) {
    problems.push({ kind: 'stepBeyondEnd', step: written, count });
    return { cursor: count - 1, fencing };
  } else return { cursor: step - 1, fencing };
  return { cursor: 0, fencing };
}

/**
 * The query and fragment that open `route`. Parameters no route owns are kept from `keep.search`; the
 * fragment is the lab's own, or else the one the reader is at.
 */
export function serializeRoute(route: Route, keep: { readonly search?: string; readonly hash?: string } = {}): string {
  const params = new URLSearchParams();
  const setPlace = (place: WalkthroughPlace) => {
    params.set('step', String(place.cursor + 1));
    params.set('fencing', place.fencing ? 'on' : 'off');
  };
  const setLab = (lab: LabConfig) => {
    for (const [name, value] of new URLSearchParams(serializeLabConfig(lab))) params.set(name, value);
  };
  switch (route.page) {
    case 'lesson':
      if (route.place) setPlace(route.place);
      break;
    case 'present':
      params.set('present', '');
      if (route.speaker) params.set('speaker', '');
      setPlace(route.place);
      break;
    case 'lab':
      setLab(route.lab);
      params.set('lab', '');
      break;
    case 'embed':
      if (route.widget !== null) params.set('widget', route.widget);
      if (route.questionId !== null) params.set('id', route.questionId);
      if (route.widget === 'lab' || route.widget === 'map') setLab(route.lab);
      else if (route.widget === 'walkthrough' || route.widget === null) setPlace(route.place);
      if (route.parentOrigin !== null) params.set('parentOrigin', route.parentOrigin);
      if (route.frame.layout !== DEFAULT_EMBED_FRAME.layout) params.set('layout', route.frame.layout);
      if (route.frame.height !== null) params.set('height', String(route.frame.height));
      if (route.frame.tools) params.set('tools', 'on');
      if (!route.frame.presets) params.set('presets', 'off');
      break;
  }
  for (const [name, value] of new URLSearchParams(keep.search ?? '')) if (!OWNED.has(name)) params.append(name, value);
  // Flags read better bare: `?present&step=3`, `…&lab`.
  const search = params.toString().replace(/(^|&)(present|speaker|lab)=(?=&|$)/g, '$1$2');
  const hash = route.page === 'lab' ? '#lab' : (keep.hash ?? '');
  return `${search ? `?${search}` : ''}${hash}`;
}

/** A link to a walkthrough step in the lesson, scrolled to the walkthrough. */
export function stepHref(place: WalkthroughPlace): string {
  return serializeRoute({ page: 'lesson', place }, { hash: '#walkthrough' });
}
