import './explainedText.css';
import { useId, useState } from 'react';

interface Props {
  text: string;
  explanation: string;
  /** The button's accessible name, e.g. 'What does "Tracking" mean?'. */
  question: string;
  className?: string;
}

/**
 * A short text with a "?" button that shows its explanation under it: reachable by touch and keyboard, where a title
 * tooltip shows only to a mouse hovering over it (issue 23).
 */
export function ExplainedText({ text, explanation, question, className = '' }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className={`explained-text ${className}`}>
      <span>{text}</span>
      <button
        type="button"
        className="explain-button"
        aria-label={question}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((shown) => !shown)}
      >
        ?
      </button>
      <span id={id} className="explanation" hidden={!open}>
        {explanation}
      </span>
    </span>
  );
}
