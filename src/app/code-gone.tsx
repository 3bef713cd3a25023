import content from 'virtual:lockstep/content';
import { Component, type ReactNode } from 'react';

interface State {
  readonly error: unknown;
}

/** A module that could not be fetched, as Chromium, Firefox and Safari word it; anything else is a bug, not this. */
export function isMissingCode(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

/**
 * Where a part's code could not be fetched (a lazily loaded file a newer build removed, or one never kept for offline
 * use), says so and offers a reload in the part's place, instead of React leaving the page blank.
 */
export class CodeGone extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Not a missing file: passed on, as if this boundary were not here.
    if (!isMissingCode(error)) throw error;
    return (
      <div role="alert" className="code-gone">
        <p>{content.controls.app.codeGone}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {content.controls.app.reload}
        </button>
      </div>
    );
  }
}
