import { Link } from 'react-router-dom';
import { SHELL_TEXT } from '../messages';

export function Footer() {
  return (
    <footer className="footer">
      <p>© {new Date().getFullYear()} StockSeer</p>
      <nav aria-label="Legal">
        <Link to="/track-record">{SHELL_TEXT.trackRecord}</Link>
        <Link to="/terms">Terms</Link>
        <Link to="/privacy">Privacy</Link>
        <Link to="/contact">Contact</Link>
      </nav>
    </footer>
  );
}
