import { Link } from 'react-router-dom';
import { SHELL_TEXT } from '../app/messages';

export function NotFoundPage() {
  return (
    <section className="card narrow">
      <h1>{SHELL_TEXT.notFoundTitle}</h1>
      <p className="muted">{SHELL_TEXT.notFoundHint}</p>
      <Link to="/" className="button">
        Go home
      </Link>
    </section>
  );
}
