import { Fragment } from 'react';

/** Renders caption text in which `backticks` mark code, as content/ writes it. */
export function CodeText({ text }: { text: string }) {
  return (
    <>
      {text
        .split('`')
        .map((part, index) =>
          index % 2 === 1 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>,
        )}
    </>
  );
}
