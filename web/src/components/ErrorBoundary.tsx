import type { ReactNode } from 'react';
import { ErrorBoundary as Boundary, type FallbackProps } from 'react-error-boundary';
import { reportClientError } from '../lib/clientErrors';
import { ERROR_BOUNDARY_TEXT } from './errorBoundaryMessages';
import './errorBoundary.css';

/**
 * Catches a render error below it: a friendly fallback instead of a blank app, and a report to us. `resetKeys`
 * (e.g. the route's path) give the part a new chance when they change.
 */
export function ErrorBoundary({ children, resetKeys }: { children: ReactNode; resetKeys?: unknown[] }) {
  return (
    <Boundary
      FallbackComponent={Fallback}
      resetKeys={resetKeys}
      onError={(error) => reportClientError('render', error)}
    >
      {children}
    </Boundary>
  );
}

function Fallback({ resetErrorBoundary }: FallbackProps) {
  return (
    <section className="card narrow error-fallback" role="alert" aria-labelledby="error-fallback-title">
      <h2 id="error-fallback-title">{ERROR_BOUNDARY_TEXT.title}</h2>
      <p className="muted">{ERROR_BOUNDARY_TEXT.body}</p>
      <div className="error-fallback-actions">
        <button type="button" className="button button-outline" onClick={resetErrorBoundary}>
          {ERROR_BOUNDARY_TEXT.retry}
        </button>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {ERROR_BOUNDARY_TEXT.reload}
        </button>
      </div>
    </section>
  );
}
