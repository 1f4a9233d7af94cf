import { Fragment, type ReactNode } from 'react';

/** A name joined by hyphens: a transaction's id ("sink-0-1"), a setting, a mode. */
const HYPHENATED = /\w+(?:-\w+)+/g;

/**
 * A lesson's text, question or answer with every name joined by hyphens kept on one line: the
 * browser breaks a line after a hyphen, which cut "sink-0-1" into "sink-0-" and "1" in the
 * Chinese text. Each such name is a nowrap span; the words around it break as before.
 */
export function Unbroken({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(HYPHENATED)) {
    const at = match.index;
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <span key={at} className="unbroken">
        {match[0]}
      </span>,
    );
    from = at + match[0].length;
  }
  if (from === 0) return <>{text}</>;
  if (from < text.length) parts.push(text.slice(from));
  return (
    <>
      {parts.map((part, k) => (
        <Fragment key={k}>{part}</Fragment>
      ))}
    </>
  );
}
